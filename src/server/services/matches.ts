import { and, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Database } from '#db/client.ts'
import { conversations, likes, matches, notifications, profiles, users } from '#db/schema/index.ts'
import { NotFoundError } from '#server/errors.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import { blockedEitherWay, orderedPair } from './members.ts'
import { photoUrl } from './photo-urls.ts'
import { placeLabel } from './profile.ts'

const MATCH_NOT_FOUND = 'Match not found'

const other = alias(users, 'other')

/**
 * The member's current matches, newest first: whom they matched with and the conversation to open.
 * A suspended or banned member drops out until a suspension ends, as everywhere else members are listed.
 */
export async function listMatches(db: Database, userId: string, today = new Date()) {
  const otherId = sql<string>`case when ${matches.userLowId} = ${userId} then ${matches.userHighId} else ${matches.userLowId} end`
  const rows = await db
    .select({
      id: matches.id,
      matchedAt: matches.createdAt,
      conversationId: conversations.id,
      userId: other.id,
      firstName: other.firstName,
      photoId: profiles.photoId,
      birthDate: profiles.birthDate,
      city: profiles.city,
      state: profiles.state,
      country: profiles.country,
    })
    .from(matches)
    .innerJoin(other, eq(other.id, otherId))
    .leftJoin(profiles, eq(profiles.userId, other.id))
    .leftJoin(conversations, eq(conversations.matchId, matches.id))
    .where(
      and(
        or(eq(matches.userLowId, userId), eq(matches.userHighId, userId)),
        isNull(matches.endedAt),
        notInArray(other.status, ['suspended', 'banned']),
        sql`not ${blockedEitherWay(userId, other.id)}`,
      ),
    )
    .orderBy(desc(matches.createdAt))
  return rows.map((row) => ({
    id: row.id,
    matchedAt: row.matchedAt,
    conversationId: row.conversationId,
    user: {
      id: row.userId,
      firstName: row.firstName,
      profileImageUrl: row.photoId ? photoUrl(row.photoId) : null,
      age: row.birthDate ? ageOn(row.birthDate, today) : null,
      location: row.city && row.state && row.country ? placeLabel(row.city, row.state, row.country) : null,
    },
  }))
}

/**
 * Unmatching ends the match and closes its conversation for both members, and forgets both likes:
 * the two are strangers again, and only two new likes make a new match (with a new conversation).
 */
export async function unmatch(db: Database, userId: string, matchId: string, now = new Date()) {
  const [match] = await db
    .select({ userLowId: matches.userLowId, userHighId: matches.userHighId })
    .from(matches)
    .where(and(eq(matches.id, matchId), isNull(matches.endedAt), or(eq(matches.userLowId, userId), eq(matches.userHighId, userId))))
  if (!match) throw new NotFoundError(MATCH_NOT_FOUND)
  await endMatchesBetween(db, match.userLowId, match.userHighId, now)
}

/**
 * Ends any current match of the pair, closes its conversation and deletes both likes with what they
 * told each member ("… likes you", "It's a match!"), atomically: a match that ended is never announced
 * later, and a like that is gone is not counted on the bell.
 */
async function endMatchesBetween(db: Database, a: string, b: string, now: Date) {
  await db.batch(endMatchStatements(db, a, b, now))
}

export function endMatchStatements(db: Database, a: string, b: string, now: Date) {
  const [low, high] = orderedPair(a, b)
  const current = and(eq(matches.userLowId, low), eq(matches.userHighId, high), isNull(matches.endedAt))
  return [
    db
      .update(conversations)
      .set({ closedAt: now })
      .where(and(isNull(conversations.closedAt), sql`${conversations.matchId} in (select ${matches.id} from ${matches} where ${current})`)),
    db.update(matches).set({ endedAt: now }).where(current),
    db.delete(likes).where(or(and(eq(likes.senderId, a), eq(likes.receiverId, b)), and(eq(likes.senderId, b), eq(likes.receiverId, a)))),
    db
      .delete(notifications)
      .where(
        and(
          inArray(notifications.type, ['like_received', 'match']),
          or(
            and(eq(notifications.userId, a), eq(notifications.actorId, b)),
            and(eq(notifications.userId, b), eq(notifications.actorId, a)),
          ),
        ),
      ),
  ] as const
}
