import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema/index.ts'

/**
 * How often each app process stamps `users.last_active_at` for the members with a socket open on it
 * (src/server/realtime/presence.ts); a request stamps it too, at most once a minute.
 */
export const PRESENCE_STAMP_EVERY_MS = 60_000

/** A member stamped this recently is connected somewhere: two stamps may be missed before they count as away. */
export const AWAY_AFTER_MS = 2 * PRESENCE_STAMP_EVERY_MS + 30_000

/**
 * Away: no socket open and no request on any app process lately (docs/decisions/014). Read from the
 * database, so the job runner in any process, or `npm run jobs`, decides alike. A paused or deleted
 * member is never emailed.
 */
export async function isAway(db: Database, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ lastActiveAt: users.lastActiveAt, status: users.status }).from(users).where(eq(users.id, userId))
  if (row?.status !== 'active') return false
  return now.getTime() - row.lastActiveAt.getTime() >= AWAY_AFTER_MS
}
