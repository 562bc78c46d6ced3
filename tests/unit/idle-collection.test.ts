import { setTimeout as sleep } from 'node:timers/promises'
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, expect, it, vi } from 'vitest'
import { collectWhenIdle } from '#server/idle-collection.ts'
import { logger } from '#server/log.ts'

const MB = 1024 * 1024
const heapSize = () => getHeapStatistics().total_heap_size

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  vi.restoreAllMocks()
})

/**
 * The collections the process asked for, as it logs them. V8's own reports cannot tell them apart on
 * every runtime: Node 22 and later flag a last-resort collection like any other.
 */
function idleCollections() {
  const debug = vi.spyOn(logger, 'debug')
  return () => debug.mock.calls.filter((call) => call[1] === 'heap collected while idle').length
}

/** Two young-generation collections: whatever they see alive, V8 moves to its old generation. */
function promoteToOldGeneration() {
  setFlagsFromString('--expose-gc')
  const collectYoung = runInNewContext('gc') as (options: { type: 'minor' }) => void
  collectYoung({ type: 'minor' })
  collectYoung({ type: 'minor' })
}

/** 64 MB of arrays moved to the old generation, then dropped: only a full collection gives their pages back. */
function leaveOldGarbage() {
  let arrays: number[][] | null = Array.from({ length: 64 }, () => new Array(MB / 8).fill(0))
  promoteToOldGeneration()
  const made = arrays.length
  arrays = null
  return made
}

const oldSpace = () => {
  const old = getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!
  return { committed: old.space_size, used: old.space_used_size }
}

/**
 * A million small objects moved to the old generation, then four in five dropped: every page keeps a
 * few survivors, so a collection frees most of each page and empties none. Answers the survivors,
 * which the caller keeps alive.
 */
function fragmentOldGeneration() {
  let objects: { at: number; label: string }[] | null = Array.from({ length: 1_000_000 }, (_, at) => ({ at, label: `object ${at}` }))
  promoteToOldGeneration()
  const survivors = objects.filter(({ at }) => at % 5 === 0)
  objects = null
  return survivors
}

it('gives a grown heap back once the process is idle, not while it is busy, and once', async () => {
  const collections = idleCollections()
  // The test runner's own work takes up to about 2 % of an interval this short.
  stop = collectWhenIdle({ intervalMs: 100, growthBytes: 8 * MB, idleUtilization: 0.05 })
  expect(leaveOldGarbage()).toBe(64)
  const grown = heapSize()

  // A busy event loop (a burst of requests) is left alone, however much the heap grew.
  const busyUntil = Date.now() + 350
  while (Date.now() < busyUntil);
  await sleep(30)
  expect(collections()).toBe(0)

  await sleep(400)
  expect(collections()).toBe(1)
  expect(heapSize()).toBeLessThan(grown - 32 * MB)

  // Nothing grew since: no further collection however long it stays idle.
  await sleep(400)
  expect(collections()).toBe(1)
})

it('gives back the pages that a few survivors each kept, not only the empty ones', async () => {
  const collections = idleCollections()
  stop = collectWhenIdle({ intervalMs: 100, growthBytes: 8 * MB, idleUtilization: 0.05 })
  const survivors = fragmentOldGeneration()
  const fragmented = oldSpace()

  await sleep(450)
  expect(collections()).toBeGreaterThan(0)
  expect(survivors).toHaveLength(200_000)
  const collected = oldSpace()
  // Left to V8's heuristics, the collection kept every one of these pages: 103 MB for 26 in use.
  expect(collected.committed - collected.used).toBeLessThan(0.25 * (fragmented.committed - collected.used))
})
