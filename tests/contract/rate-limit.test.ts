import { setImmediate as nextTurn } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#db/client.ts'
import { rateLimits } from '#db/schema/index.ts'
import { hitLimitLeased, type Limit } from '#server/services/rate-limit.ts'
import { settledWithinTurn } from '#tests/support/contract.ts'
import { testConfig } from '#tests/support/test-config.ts'

/** Two app processes on one file: each its own connection, so each its own leases. */
let first: DatabaseHandle
let second: DatabaseHandle
beforeAll(async () => {
  const { DATABASE_URL } = testConfig()
  first = await openDatabase(DATABASE_URL)
  await migrateDatabase(first.db)
  second = await openDatabase(DATABASE_URL)
})
afterAll(() => {
  first?.close()
  second?.close()
})

const perMinute: Limit = { max: 120, windowMs: 60_000 }

async function hits(db: DatabaseHandle['db'], key: string, count: number, now: number) {
  const results = []
  for (let i = 0; i < count; i++) results.push(await hitLimitLeased(db, key, perMinute, now + i))
  return results
}

const storedCount = async (key: string) =>
  (await first.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count

describe('a leased limit (the browsing budget)', () => {
  it('lets one process through exactly up to the limit, writing the shared count once per lease of ten', async () => {
    const now = Date.now()
    const allowed = await hits(first.db, 'browse:one', 25, now)
    expect(allowed.every((result) => result.allowed)).toBe(true)
    // Three leases of ten taken for 25 hits: three writes, not 25.
    expect(await storedCount('browse:one')).toBe(30)

    const rest = await hits(first.db, 'browse:one', 95, now + 25)
    expect(rest.every((result) => result.allowed)).toBe(true)
    const refused = await hitLimitLeased(first.db, 'browse:one', perMinute, now + 200)
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 })
  })

  it('answers every hit within its turn, the first of a window too, taking each lease behind the hit that needs it', async () => {
    const now = Date.now()
    for (let i = 0; i < 30; i++) {
      const hit = await settledWithinTurn(() => hitLimitLeased(first.db, 'browse:ahead', perMinute, now + i))
      expect(hit.value.allowed).toBe(true)
      // Answered within the turn: a lease's write is committed only at the turn's end.
      expect(hit.withinTurn).toBe(true)
      await nextTurn()
    }
    // Three leases spent by 30 hits, and the fourth taken behind the last of them.
    expect(await storedCount('browse:ahead')).toBe(40)
  })

  it('lets a process holding no lease pass one hit at most for a member already at the limit', async () => {
    const now = Date.now()
    await hits(second.db, 'browse:spent', 120, now)
    const allowed = []
    for (let i = 0; i < 5; i++) {
      allowed.push((await hitLimitLeased(first.db, 'browse:spent', perMinute, now + 200 + i)).allowed)
      await nextTurn()
    }
    expect(allowed.filter(Boolean).length).toBeLessThanOrEqual(1)
    expect(allowed.slice(1)).toEqual([false, false, false, false])
  })

  it('holds across processes, refusing at most a lease early for the other process', async () => {
    const now = Date.now()
    let allowed = 0
    for (let i = 0; i < 150; i++) {
      const result = await hitLimitLeased((i % 2 === 0 ? first : second).db, 'browse:both', perMinute, now + i)
      if (result.allowed) allowed++
    }
    expect(allowed).toBeLessThanOrEqual(120)
    expect(allowed).toBeGreaterThanOrEqual(111)
    expect((await hitLimitLeased(first.db, 'browse:both', perMinute, now + 200)).allowed).toBe(false)
    expect((await hitLimitLeased(second.db, 'browse:both', perMinute, now + 200)).allowed).toBe(false)
  })

  it('starts afresh in the next window, on every process', async () => {
    const now = Date.now()
    await hits(first.db, 'browse:later', 120, now)
    expect((await hitLimitLeased(first.db, 'browse:later', perMinute, now + 1_000)).allowed).toBe(false)
    expect((await hitLimitLeased(first.db, 'browse:later', perMinute, now + 60_000)).allowed).toBe(true)
    expect((await hitLimitLeased(second.db, 'browse:later', perMinute, now + 60_001)).allowed).toBe(true)
  })

  it('keeps parallel hits within the limit', async () => {
    const now = Date.now()
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => hitLimitLeased((i % 2 === 0 ? first : second).db, 'browse:parallel', perMinute, now)),
    )
    const allowed = results.filter((result) => result.allowed).length
    expect(allowed).toBeLessThanOrEqual(120)
    expect(allowed).toBeGreaterThanOrEqual(111)
  })
})
