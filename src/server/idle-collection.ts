import { performance } from 'node:perf_hooks'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { logger } from '#server/log.ts'

interface IdleCollectionOptions {
  /** How often the process looks at its load and its heap. */
  intervalMs: number
  /** Growth of V8's heap since the last collection here that is worth giving back. */
  growthBytes: number
  /** Below this share of an interval spent running, the event loop counts as idle. */
  idleUtilization: number
}

/** A process serving nobody runs about 0.2 % of the time (its timers and metrics). */
const SERVING = { intervalMs: 10_000, growthBytes: 32 * 1024 * 1024, idleUtilization: 0.01 }

/**
 * V8's full collection. Node offers it only behind `--expose-gc`: the flag is set, and the function
 * read from a fresh context. Null where a runtime refuses either; the process then serves as before.
 */
function fullCollection(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc')
    return runInNewContext('gc') as () => void
  } catch {
    return null
  }
}

/**
 * V8 collects its old generation as the heap grows, not when the load stops, and keeps the heap it
 * grew: after the delivery bench the heap stayed at 520 MB, 490 of it in use by V8's count, for as
 * long as the process stayed idle. When a whole interval passes with the event loop nearly idle and
 * the heap has grown by `growthBytes` since the last collection here, one full collection gives it
 * back (docs/decisions/039). It runs only when idle, so its pause (about 0.2 s on the
 * 100,000-member community) meets no request. Answers a function that stops it.
 */
export function collectWhenIdle(options: IdleCollectionOptions = SERVING): () => void {
  const collect = fullCollection()
  if (!collect) {
    logger.warn('this Node.js offers no full collection: the heap is not given back when idle')
    return () => {}
  }
  let baseline = getHeapStatistics().total_heap_size
  let previous = performance.eventLoopUtilization()
  const timer = setInterval(() => {
    const current = performance.eventLoopUtilization()
    const idle = performance.eventLoopUtilization(current, previous).utilization < options.idleUtilization
    previous = current
    if (!idle || getHeapStatistics().total_heap_size < baseline + options.growthBytes) return
    const started = performance.now()
    collect()
    baseline = getHeapStatistics().total_heap_size
    logger.debug({ ms: Math.round(performance.now() - started), heapBytes: baseline }, 'heap collected while idle')
  }, options.intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
