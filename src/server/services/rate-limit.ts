import { eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { commitTogether } from '#db/group-commit.ts'
import { preparedWrite } from '#db/prepared.ts'
import { rateLimits } from '#db/schema/index.ts'

export interface Limit {
  max: number
  windowMs: number
}

export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

function retryAfter(windowStart: number, windowMs: number, now: number) {
  return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))
}

const countHit = preparedWrite((db) => {
  const now = sql.placeholder('now')
  const freshWindow = sql.placeholder('freshWindow')
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${freshWindow} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${freshWindow} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
})

/** Counts one hit in a fixed window, atomically in SQL so concurrent requests and processes agree. */
export async function hitLimit(db: Database, key: string, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const [[row]] = await commitTogether(db, [countHit(db, { key, now, freshWindow: now - limit.windowMs })])
  if (!row || row.count <= limit.max) return { allowed: true }
  return { allowed: false, retryAfterSeconds: retryAfter(row.windowStart, limit.windowMs, now) }
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
