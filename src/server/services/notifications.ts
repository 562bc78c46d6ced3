import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { interests, notifications, profiles, users } from '#db/schema/index.ts'
import { blockedEitherWay } from './members.ts'
import { photoUrl } from './photo-urls.ts'

const NOTIFICATIONS_SHOWN = 50

/**
 * The member's latest notifications (an interest received, a new match), each with the other
 * member's first name and photo read now. Notifications from a member blocked either way are hidden.
 */
export async function listNotifications(db: Database, userId: string) {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      payload: notifications.payload,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      actorId: notifications.actorId,
      actorFirstName: users.firstName,
      actorPhotoId: profiles.photoId,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        sql`(${notifications.actorId} is null or not ${blockedEitherWay(userId, notifications.actorId)})`,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN)

  const interestIds = rows.flatMap((row) => (row.payload.interestId ? [row.payload.interestId] : []))
  const interestRows = interestIds.length
    ? await db
        .select({
          id: interests.id,
          interestType: interests.interestType,
          message: interests.message,
          suggestedActivity: interests.suggestedActivity,
          timePreference: interests.timePreference,
          createdAt: interests.createdAt,
        })
        .from(interests)
        .where(and(inArray(interests.id, interestIds), eq(interests.receiverId, userId)))
    : []
  const interestById = new Map(interestRows.map((interest) => [interest.id, interest]))

  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    createdAt: row.createdAt,
    readAt: row.readAt,
    actor:
      row.actorId && row.actorFirstName
        ? { userId: row.actorId, firstName: row.actorFirstName, profileImageUrl: row.actorPhotoId ? photoUrl(row.actorPhotoId) : null }
        : null,
    interest: row.payload.interestId ? (interestById.get(row.payload.interestId) ?? null) : null,
    matchId: row.payload.matchId ?? null,
    conversationId: row.payload.conversationId ?? null,
  }))
}

export async function markAllNotificationsRead(db: Database, userId: string, now = new Date()) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
}
