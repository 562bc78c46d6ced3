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

/** V8 reads `gc()`'s options from version 12 on (Node 22 and later); Node 20's, given any, collects the young generation only. */
const GC_TAKES_OPTIONS = Number(process.versions.v8.split('.')[0]) >= 12

/**
 * V8's full collection, compacting every page. Node offers `gc()` only behind `--expose-gc`: the flag
 * is set, and the function read from a fresh context. Left to its heuristics, a full collection moves
 * only a few MB of survivors, so pages that each keep a few live objects stay: after the delivery
 * bench the old generation kept 346 MB for 157 MB in use (docs/decisions/048).
 * - Node 22 and later: the collection V8 makes before it gives up for lack of memory, which compacts
 *   and hands its pool of freed pages back to the system. Without it those pages stay with the
 *   process, as the memory reducer that would release them is off (docs/decisions/047).
 * - Node 20: an ordinary full collection with compaction forced for it alone. This V8 unmaps the
 *   pages it frees.
 * Null where a runtime refuses the flag or the function; the process then serves as before.
 */
function fullCollection(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc')
    const collect = runInNewContext('gc') as (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void
    if (GC_TAKES_OPTIONS) return () => collect({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    return () => {
      setFlagsFromString('--compact-on-every-full-gc')
      try {
        collect()
      } finally {
        setFlagsFromString('--no-compact-on-every-full-gc')
      }
    }
  } catch {
    return null
  }
}

/**
 * One full collection now, where the runtime offers it. Run once before a process serves: loading
 * the member directory leaves about 120 MB of garbage in the old generation (100,000 members), which
 * V8 would otherwise keep until its heap grew past it (docs/decisions/049).
 */
export function collectNow(): void {
  const collect = fullCollection()
  if (!collect) return
  const started = performance.now()
  collect()
  logger.debug(
    { ms: Math.round(performance.now() - started), heapBytes: getHeapStatistics().total_heap_size },
    'heap collected before serving',
  )
}

/**
 * V8 collects its old generation as the heap grows, not when the load stops, and keeps the heap it
 * grew: after the delivery bench the heap stayed at 520 MB, 490 of it in use by V8's count, for as
 * long as the process stayed idle. When a whole interval passes with the event loop nearly idle and
 * the heap has grown by `growthBytes` since the last collection here, one full collection gives it
 * back (docs/decisions/039). It runs only when idle, so its pause (about 0.6 s after the delivery
 * bench on the 100,000-member community) seldom meets a request; one that arrives then waits for it.
 * Answers a function that stops it.
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
