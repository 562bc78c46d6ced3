import { constants, PerformanceObserver } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, expect, it } from 'vitest'
import { collectWhenIdle } from '#server/idle-collection.ts'

const MB = 1024 * 1024
const heapSize = () => getHeapStatistics().total_heap_size

let stop: (() => void) | undefined
let observer: PerformanceObserver | undefined
afterEach(() => {
  stop?.()
  observer?.disconnect()
})

/** Full collections asked for by code (only `gc()` asks), as V8 reports them. */
function forcedCollections(): number[] {
  const seen: number[] = []
  observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { kind, flags } = (entry as unknown as { detail: { kind: number; flags: number } }).detail
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR && flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) seen.push(entry.startTime)
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  return seen
}

/**
 * 64 MB of arrays that two young-generation collections see alive, so V8 moves them to its old
 * generation, then dropped: only a full collection gives their pages back.
 */
function leaveOldGarbage() {
  setFlagsFromString('--expose-gc')
  const collectYoung = runInNewContext('gc') as (options: { type: 'minor' }) => void
  let arrays: number[][] | null = Array.from({ length: 64 }, () => new Array(MB / 8).fill(0))
  collectYoung({ type: 'minor' })
  collectYoung({ type: 'minor' })
  const made = arrays.length
  arrays = null
  return made
}

it('gives a grown heap back once the process is idle, not while it is busy, and once', async () => {
  const forced = forcedCollections()
  // The test runner's own work takes up to about 2 % of an interval this short.
  stop = collectWhenIdle({ intervalMs: 100, growthBytes: 8 * MB, idleUtilization: 0.05 })
  expect(leaveOldGarbage()).toBe(64)
  const grown = heapSize()

  // A busy event loop (a burst of requests) is left alone, however much the heap grew.
  const busyUntil = Date.now() + 350
  while (Date.now() < busyUntil);
  await sleep(30)
  expect(forced).toHaveLength(0)

  await sleep(400)
  expect(forced).toHaveLength(1)
  expect(heapSize()).toBeLessThan(grown - 32 * MB)

  // Nothing grew since: no further collection however long it stays idle.
  await sleep(400)
  expect(forced).toHaveLength(1)
})
