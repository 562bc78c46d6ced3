import { eq, or, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { photos, rateLimits, sessions, users, verifications } from '#db/schema/index.ts'
import { NotFoundError } from '#server/errors.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { deletePhotoFiles } from './photos.ts'
import { deleteDocument } from './verification-documents.ts'

/** Pausing hides the member from Discover and from other members' profile views until they resume. */
export async function setAccountStatus(db: Database, userId: string, status: 'active' | 'paused') {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId))
  return { status }
}

/**
 * Deletes the account and everything that names the member. Foreign keys cascade from `users`:
 * profile, photos, sessions, sign-in methods, likes, interests, blocks and reports both ways,
 * matches with their conversations and messages, notifications, verifications, interviews and
 * answers, achievements and activity, event RSVPs and Sabbath sign-ups, and the events the member
 * organized (with the RSVPs to them: an event without its organizer cannot go ahead). A moderator's
 * reviews of other members' verifications stay with those members, the reviewer cleared (`set null`).
 * Rate-limit counters name the member only inside their key, so they go by key. Then the sockets of
 * the member's sessions close and their files go: each photo in every size and every verification
 * document.
 */
export async function deleteAccount(db: Database, bus: Bus, uploadsDir: string, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) throw new NotFoundError('Account not found')
  const [endedSessionRows, photoRows, documentRows] = await db.batch([
    db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }),
    db.delete(photos).where(eq(photos.userId, userId)).returning({ id: photos.id }),
    db.delete(verifications).where(eq(verifications.userId, userId)).returning({ documentId: verifications.documentId }),
    // Counters keyed by the member's id or email (login throttling) go too.
    db.delete(rateLimits).where(or(sql`${rateLimits.key} glob ${`*:${userId}`}`, eq(rateLimits.key, `login:account:${user.email}`))),
    db.delete(users).where(eq(users.id, userId)),
  ])
  bus.publish({ type: 'sessions-ended', recipients: [userId], sessionIds: endedSessionRows.map((session) => session.id) })
  await Promise.all([
    ...photoRows.map((photo) => deletePhotoFiles(uploadsDir, photo.id)),
    ...documentRows.flatMap((row) => (row.documentId ? [deleteDocument(uploadsDir, row.documentId)] : [])),
  ])
}
