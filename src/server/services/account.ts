import { TRPCError } from '@trpc/server'
import { eq, or, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { photos, rateLimits, sessions, users } from '#db/schema/index.ts'
import { endedSessions } from '#server/auth/sessions.ts'
import { deletePhotoFiles } from './photos.ts'

/** Pausing hides the member from Discover and from other members' profile views until they resume. */
export async function setAccountStatus(db: Database, userId: string, status: 'active' | 'paused') {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId))
  return { status }
}

/**
 * Deletes the account and everything that hangs off it (foreign keys cascade: profile, photos,
 * sessions, likes both ways, matches and their conversations and messages, interests, blocks,
 * reports, notifications), then closes the sockets of its sessions and removes its photo files.
 */
export async function deleteAccount(db: Database, uploadsDir: string, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' })
  const [endedSessionRows, photoRows] = await db.batch([
    db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }),
    db.delete(photos).where(eq(photos.userId, userId)).returning({ id: photos.id }),
    // Counters keyed by the member's id or email (login throttling) go too.
    db.delete(rateLimits).where(or(sql`${rateLimits.key} glob ${`*:${userId}`}`, eq(rateLimits.key, `login:account:${user.email}`))),
    db.delete(users).where(eq(users.id, userId)),
  ])
  for (const session of endedSessionRows) endedSessions.emit('ended', session.id)
  await Promise.all(photoRows.map((photo) => deletePhotoFiles(uploadsDir, photo.id)))
}
