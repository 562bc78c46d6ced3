import { randomFillSync, randomInt } from 'node:crypto'

/**
 * Random bytes for ids, drawn from a pool refilled from the system's generator 4 KiB at a time, as
 * Node's own `randomUUID` does: a synchronous draw of a few bytes cost about 2 µs, and a sent message
 * makes several ids. Each draw is a fresh slice, never handed out twice.
 */
const POOL_BYTES = 4096
const pool = Buffer.alloc(POOL_BYTES)
let drawn = POOL_BYTES

function randomText(bytes: number): string {
  if (drawn + bytes > POOL_BYTES) {
    randomFillSync(pool)
    drawn = 0
  }
  drawn += bytes
  return pool.toString('base64url', drawn - bytes, drawn)
}

/** 128 random bits, URL-safe: ids never reveal order or count. */
export function randomId(): string {
  return randomText(16)
}

const SEQUENCE_SPAN = 36 ** 4
let lastMs = 0
let sequence = 0

/**
 * An id that sorts (as text) after every one this process made before it: the time (`at`, as
 * public as the row's own timestamp), a counter within the millisecond that starts at a random
 * point (so it tells nothing of how many came before), then 80 random bits. Messages are ordered by
 * their time and then their id, so two sent in the same millisecond keep the order they were sent in.
 */
export function orderedId(at = Date.now()): string {
  if (at > lastMs) {
    lastMs = at
    sequence = randomInt(SEQUENCE_SPAN / 2)
  } else if (++sequence === SEQUENCE_SPAN) {
    // A clock held back for long: the time part moves on rather than the counter outgrowing its width.
    lastMs++
    sequence = 0
  }
  return `${lastMs.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomText(10)}`
}
