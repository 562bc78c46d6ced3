import { and, eq, gt, min, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { likes } from '#db/schema/index.ts'
import { ConflictError, InvalidInputError, LimitReachedError } from '#server/errors.ts'
import type { InterestType, TimePreference } from '#shared/content/interest-types.ts'
import { freeTierLimits } from '#shared/content/plans.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { recordActivity } from './achievements.ts'
import { orderedPair, requireVisibleMember } from './members.ts'

const DAY_MS = 86_400_000

export const DAILY_LIKES_REACHED =
  `You've sent your ${freeTierLimits.dailyLikes} likes for today. ` +
  'Upgrade to Divine Connection (Premium) for unlimited likes, or come back tomorrow.'
export const CANNOT_LIKE_YOURSELF = "You can't like your own profile."
export const INTEREST_ALREADY_SENT = 'You have already sent this member a Thoughtful Interest.'

export interface Liker {
  id: string
  plan: PlanId
}

export interface LikeOutcome {
  isMutual: boolean
  matchId?: string
  conversationId?: string
}

export interface NewInterest {
  interestType: InterestType
  message: string
  suggestedActivity: string | null
  timePreference: TimePreference | null
}

/** Likes another member (their user id); liking again is not an error and stores nothing new. */
export async function likeMember(db: Database, liker: Liker, receiverId: string, now = new Date()): Promise<LikeOutcome> {
  if (receiverId === liker.id) throw new InvalidInputError(CANNOT_LIKE_YOURSELF)
  await requireVisibleMember(db, liker.id, receiverId)
  const { outcome } = await recordLike(db, liker, receiverId, null, now)
  await recordLikeActivity(db, liker.id, receiverId, 'like_sent', outcome.isMutual, now)
  return outcome
}

/** A Thoughtful Interest: a like that carries a message, stored and notified to the receiver. */
export async function sendInterest(db: Database, sender: Liker, receiverId: string, interest: NewInterest, now = new Date()) {
  if (receiverId === sender.id) throw new InvalidInputError(CANNOT_LIKE_YOURSELF)
  await requireVisibleMember(db, sender.id, receiverId)
  const { outcome, interestId } = await recordLike(db, sender, receiverId, interest, now)
  await recordLikeActivity(db, sender.id, receiverId, 'interest_sent', outcome.isMutual, now)
  return { id: interestId!, ...outcome }
}

/** Achievements follow the stored like: the sender's like or interest, and a match for both members. */
async function recordLikeActivity(
  db: Database,
  senderId: string,
  receiverId: string,
  activity: 'like_sent' | 'interest_sent',
  isMutual: boolean,
  now: Date,
) {
  await recordActivity(db, senderId, activity, now)
  if (isMutual) {
    await recordActivity(db, senderId, 'match_made', now)
    await recordActivity(db, receiverId, 'match_made', now)
  }
}

interface Recorded {
  liked: number
  interestStored: number
  matchId: string | null
  conversationId: string | null
}

/**
 * Everything a like sets off, as one batch (one transaction, see docs/decisions/005): the like
 * (within the free tier's daily count), the interest, and, when the other member already liked
 * back, the match, its conversation (opened with any interests' messages) and the notifications.
 * Each step is an INSERT … SELECT whose WHERE reads the rows the steps before it wrote, so two
 * members liking each other at the same instant serialise on the write lock: the second batch sees
 * both likes and makes the one match; the pair's unique index stops any second match.
 */
async function recordLike(db: Database, liker: Liker, receiverId: string, interest: NewInterest | null, now: Date) {
  const sender = liker.id
  const [low, high] = orderedPair(sender, receiverId)
  const at = now.getTime()
  const since = at - DAY_MS
  const id = {
    match: randomId(),
    conversation: randomId(),
    interest: randomId(),
    openingMessages: [randomId(), randomId()] as const,
    notifications: [randomId(), randomId()] as const,
  }
  const liked = (from: string, to: string) => sql`exists (select 1 from likes where sender_id = ${from} and receiver_id = ${to})`
  const withinDailyLimit: SQL =
    liker.plan === 'free'
      ? sql`(select count(*) from likes where sender_id = ${sender} and created_at > ${since}) < ${freeTierLimits.dailyLikes}`
      : sql`1`
  const matchMade = sql`exists (select 1 from matches where id = ${id.match})`
  const openingMessage = (messageId: string, from: string, to: string) =>
    db.run(sql`insert into messages (id, conversation_id, sender_id, content, message_type, created_at)
      select ${messageId}, ${id.conversation}, sender_id, message, 'text', created_at from interests
      where sender_id = ${from} and receiver_id = ${to} and exists (select 1 from conversations where id = ${id.conversation})`)

  const results = await db.batch([
    db.run(sql`insert into likes (sender_id, receiver_id, created_at)
      select ${sender}, ${receiverId}, ${at} where ${withinDailyLimit}
      on conflict do nothing`),
    ...(interest
      ? [
          db.run(sql`insert into interests (id, sender_id, receiver_id, interest_type, message, suggested_activity, time_preference, created_at)
            select ${id.interest}, ${sender}, ${receiverId}, ${interest.interestType}, ${interest.message},
              ${interest.suggestedActivity}, ${interest.timePreference}, ${at}
            where ${liked(sender, receiverId)}
            on conflict do nothing`),
          db.run(sql`insert into notifications (id, user_id, actor_id, type, payload, created_at)
            select ${id.notifications[0]}, ${receiverId}, ${sender}, 'interest_received', json_object('interestId', ${id.interest}), ${at}
            where exists (select 1 from interests where id = ${id.interest})`),
        ]
      : []),
    db.run(sql`insert into matches (id, user_low_id, user_high_id, created_at)
      select ${id.match}, ${low}, ${high}, ${at}
      where ${liked(sender, receiverId)} and ${liked(receiverId, sender)}
      on conflict do nothing`),
    db.run(sql`insert into conversations (id, match_id, participant1_id, participant2_id, created_at, prayer_request_active)
      select ${id.conversation}, ${id.match}, ${low}, ${high}, ${at}, 0 where ${matchMade}`),
    openingMessage(id.openingMessages[0], receiverId, sender),
    openingMessage(id.openingMessages[1], sender, receiverId),
    db.run(sql`update conversations set last_message_at = (select max(created_at) from messages where conversation_id = ${id.conversation})
      where id = ${id.conversation}`),
    db.run(sql`insert into notifications (id, user_id, actor_id, type, payload, created_at)
      select ${id.notifications[1]}, ${receiverId}, ${sender}, 'match',
        json_object('matchId', ${id.match}, 'conversationId', ${id.conversation}), ${at}
      where ${matchMade}`),
    db.get<Recorded>(sql`select
      ${liked(sender, receiverId)} as liked,
      exists (select 1 from interests where id = ${id.interest}) as interestStored,
      m.id as matchId, c.id as conversationId
      from (select 1) left join matches m on m.user_low_id = ${low} and m.user_high_id = ${high} and m.ended_at is null
      left join conversations c on c.match_id = m.id`),
  ])
  const recorded = results.at(-1) as Recorded
  if (!recorded.liked) throw new LimitReachedError(DAILY_LIKES_REACHED, await retryAfterSeconds(db, sender, now))
  if (interest && !recorded.interestStored) throw new ConflictError(INTEREST_ALREADY_SENT)
  const outcome: LikeOutcome = recorded.matchId
    ? { isMutual: true, matchId: recorded.matchId, conversationId: recorded.conversationId ?? undefined }
    : { isMutual: false }
  return { outcome, interestId: interest ? id.interest : undefined }
}

/** When the oldest like of the last 24 hours leaves the window, one more like fits. */
async function retryAfterSeconds(db: Database, senderId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - DAY_MS)
  const [row] = await db
    .select({ oldest: min(likes.createdAt) })
    .from(likes)
    .where(and(eq(likes.senderId, senderId), gt(likes.createdAt, since)))
  const oldest = row?.oldest?.getTime() ?? now.getTime()
  return Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000))
}
