import { eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { commitTogether } from '#db/group-commit.ts'
import { oncePerDatabase, preparedWrite } from '#db/prepared.ts'
import { rateLimits } from '#db/schema/index.ts'

export interface Limit {
  max: number
  windowMs: number
}

export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

function retryAfter(windowStart: number, windowMs: number, now: number) {
  return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))
}

const countHits = preparedWrite((db) => {
  const now = sql.placeholder('now')
  const freshWindow = sql.placeholder('freshWindow')
  const hits = sql.placeholder('hits')
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: now, count: hits })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${freshWindow} then ${hits} else ${rateLimits.count} + ${hits} end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${freshWindow} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
})

/** Counts `hits` in the key's fixed window, atomically in SQL; answers the window's count after them and its start. */
async function countInWindow(db: Database, key: string, hits: number, limit: Limit, now: number) {
  const [[row]] = await commitTogether(db, [countHits(db, { key, now, freshWindow: now - limit.windowMs, hits })])
  return row
}

/** Counts one hit in a fixed window, atomically in SQL so concurrent requests and processes agree. */
export async function hitLimit(db: Database, key: string, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const row = await countInWindow(db, key, 1, limit, now)
  if (!row || row.count <= limit.max) return { allowed: true }
  return { allowed: false, retryAfterSeconds: retryAfter(row.windowStart, limit.windowMs, now) }
}

/** Hits a process takes from a leased count at once, at most; fewer for a small limit (`leaseSize`). */
const LEASE_HITS = 10
/** Leases a process keeps before it drops those whose window has passed. */
const LEASES_KEPT = 10_000

/** A twelfth of the limit, so that what other processes hold unspent stays a small share of it. */
function leaseSize(max: number) {
  return Math.max(1, Math.min(LEASE_HITS, Math.ceil(max / 12)))
}

/** Hits this process has taken from a key's shared count and not yet spent, until their window ends. */
interface Lease {
  windowEnd: number
  left: number
}

/** A process's leases, and the leases it is taking now (one at a time per key). */
interface Leases {
  held: Map<string, Lease>
  taking: Map<string, Promise<unknown>>
}

const leasesOf = oncePerDatabase((): Leases => ({ held: new Map(), taking: new Map() }))

/**
 * `hitLimit` for a limit counted on nearly every request (browsing, the sending pace): each process
 * takes hits from the shared count several at a time and spends them without a write, so the
 * database sees one write per lease rather than one per request (docs/decisions/040). No request
 * waits for a lease's write unless the member is near the limit: the first hit of a window passes at
 * once, and the hit that spends a lease's last takes the next lease behind it. One process alone lets
 * a member through exactly up to the limit, or one hit past it when others spent the window first;
 * with several, a member may be refused up to a lease early for each other process holding hits.
 */
export async function hitLimitLeased(db: Database, key: string, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const leases = leasesOf(db)
  for (;;) {
    const held = leases.held.get(key)
    if (held && now < held.windowEnd && held.left > 0) {
      held.left--
      if (held.left === 0) takeLease(db, leases, key, limit, now, 0).catch(() => undefined)
      return { allowed: true }
    }
    // Parallel requests wait for the lease being taken and spend from it, rather than each taking one.
    const taking = leases.taking.get(key)
    if (!taking) break
    await taking
  }
  // The first hit of a window passes at once and spends from the lease taken behind it. Requests held
  // in memory behind that write had V8 keep every request's objects in its old generation.
  const last = leases.held.get(key)
  if (!last || now >= last.windowEnd) {
    takeLease(db, leases, key, limit, now, 1).catch(() => undefined)
    return { allowed: true }
  }
  // Awaited, not returned: the taker then resumes before the calls waiting on the same lease, and a
  // member's messages sent together pass their limit in the order they were sent.
  return await takeLease(db, leases, key, limit, now, 1)
}

/**
 * Takes a lease from the shared count and keeps what the limit grants of it, less the hits the
 * caller spends at once (`spent`). The lease is kept before any call waiting for it resumes. A lease
 * taken ahead that fails fails no request: the next one finding no hits takes a lease itself.
 */
function takeLease(db: Database, leases: Leases, key: string, limit: Limit, now: number, spent: 0 | 1): Promise<LimitResult> {
  const size = leaseSize(limit.max)
  const taken = countInWindow(db, key, size, limit, now).then(
    (row): LimitResult => {
      leases.taking.delete(key)
      if (!row) return { allowed: true }
      // Of the hits just taken, those within the limit are this process's to spend. None left is kept
      // too: until the window ends, the member's hits then wait for a lease of their own.
      const granted = Math.max(0, Math.min(size, limit.max - (row.count - size)))
      if (leases.held.size >= LEASES_KEPT) for (const [other, lease] of leases.held) if (now >= lease.windowEnd) leases.held.delete(other)
      leases.held.set(key, { windowEnd: row.windowStart + limit.windowMs, left: Math.max(0, granted - spent) })
      return granted > 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: retryAfter(row.windowStart, limit.windowMs, now) }
    },
    (error: unknown) => {
      leases.taking.delete(key)
      throw error
    },
  )
  leases.taking.set(key, taken)
  return taken
}

/** Gives one hit back: the work it was counted for did not happen. */
export async function releaseHit(db: Database, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key))
}

/** Clears the count; it shares its commit with whatever else the request writes in the same turn. */
const clearCount = preparedWrite((db) => db.delete(rateLimits).where(eq(rateLimits.key, sql.placeholder('key'))))

export async function resetLimit(db: Database, key: string) {
  await commitTogether(db, [clearCount(db, { key })])
}
