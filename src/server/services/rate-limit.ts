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
 * `hitLimit` for a limit counted on nearly every request (browsing): each process takes hits from
 * the shared count several at a time and spends them without a write, so the database sees one
 * write per lease rather than one per request (docs/decisions/040). One process alone is refused
 * at exactly the limit; with several, a member may be refused up to `leaseSize - 1` hits early for
 * each other process holding unspent ones.
 */
export async function hitLimitLeased(db: Database, key: string, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const leases = leasesOf(db)
  for (;;) {
    const held = leases.held.get(key)
    if (held && now < held.windowEnd && held.left > 0) {
      held.left--
      return { allowed: true }
    }
    // Parallel requests wait for the lease being taken and spend from it, rather than each taking one.
    const taking = leases.taking.get(key)
    if (!taking) break
    await taking
  }
  const size = leaseSize(limit.max)
  const taking = countInWindow(db, key, size, limit, now)
  leases.taking.set(key, taking)
  // Awaited itself, not through a derived promise: the taker then resumes before the calls waiting on
  // it, and a member's messages sent together pass their limit in the order they were sent.
  let row: Awaited<typeof taking>
  try {
    row = await taking
  } finally {
    leases.taking.delete(key)
  }
  if (!row) return { allowed: true }
  // Of the hits just taken, those within the limit are this process's to spend; this request spends one.
  const granted = Math.min(size, limit.max - (row.count - size))
  if (granted <= 0) return { allowed: false, retryAfterSeconds: retryAfter(row.windowStart, limit.windowMs, now) }
  if (leases.held.size >= LEASES_KEPT) for (const [other, lease] of leases.held) if (now >= lease.windowEnd) leases.held.delete(other)
  leases.held.set(key, { windowEnd: row.windowStart + limit.windowMs, left: granted - 1 })
  return { allowed: true }
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
