import { and, desc, eq, gt, min, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { type accountStatuses, interests, likePasses, likes, matches, profiles, users } from '#db/schema/index.ts'
import { ConflictError, ForbiddenError, InvalidInputError, LimitReachedError } from '#server/errors.ts'
import type { Bus } from '#server/realtime/bus.ts'
import type { InterestType, TimePreference } from '#shared/content/interest-types.ts'
import { planById } from '#shared/content/plans.ts'
import { hasFeature, limitsOf } from '#shared/logic/entitlements.ts'
import { explainScamSignals, scamSignals } from '#shared/logic/scam-guard.ts'
import type { InterestAbout } from '#shared/schemas/interests.ts'
import type { LikeAbout } from '#shared/schemas/likes.ts'
import type { MemberGlimpse } from '#shared/schemas/notifications.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import { recordActivity } from './achievements.ts'
import { blockedEitherWay, memberGlimpses, orderedPair, requireVisibleMember } from './members.ts'
import { notify } from './notifications.ts'
import { photoUrl } from './photo-urls.ts'
import { aboutOnProfile } from './prompts.ts'
import { ScamConfirmationNeededError } from './scam-guard.ts'

const DAY_MS = 86_400_000

export const DAILY_LIKES_REACHED =
  `You've sent your ${limitsOf('free').likesPerDay} likes for today. ` +
  `Upgrade to ${planById.premium.name} (Premium) for unlimited likes, or come back tomorrow.`
export const CANNOT_LIKE_YOURSELF = "You can't like your own profile."
export const INTEREST_ALREADY_SENT = 'You have already sent this member a Thoughtful Interest.'
const OPENER_PROMPT = ['Liked your answer to “', '”'] as const
const OPENER_PHOTO = 'Liked your photo'

export interface Liker {
  id: string
  plan: PlanId
  status: (typeof accountStatuses)[number]
}

export const PAUSED_CANNOT_LIKE = 'Your profile is paused. Resume it in Settings to like members again.'

export interface LikeOutcome {
  isMutual: boolean
  matchId?: string
  conversationId?: string
  /** The other member, for the match moment. */
  member?: MemberGlimpse
}

export interface NewInterest {
  interestType: InterestType
  message: string
  suggestedActivity: string | null
  timePreference: TimePreference | null
  /** The sender chose to send a message the scam guard flagged. */
  confirmed?: boolean
}

/** A like's note and what on the receiver's profile it answers; without a note it is a plain like. */
export interface LikeNote {
  note?: string
  about?: LikeAbout
  /** The sender chose to send a note the scam guard flagged. */
  confirmed?: boolean
}

/**
 * Likes another member (their user id); liking again is not an error and stores nothing new. A note
 * makes it the member's interest (a 'general' one, answering a prompt or a photo when it says so).
 */
export async function likeMember(
  db: Database,
  bus: Bus,
  liker: Liker,
  receiverId: string,
  { note, about, confirmed }: LikeNote = {},
  now = new Date(),
): Promise<LikeOutcome> {
  const interest = note
    ? { interestType: 'general' as const, message: note, suggestedActivity: null, timePreference: null, confirmed }
    : null
  const { outcome } = await deliverLike(db, bus, liker, receiverId, interest, (note && about) || null, now)
  return outcome
}

/** What a Thoughtful Interest says, as the receiver and the sender's export read it. */
export const interestNoteColumns = {
  interestType: interests.interestType,
  message: interests.message,
  suggestedActivity: interests.suggestedActivity,
  timePreference: interests.timePreference,
}

/** A Thoughtful Interest: a like that carries a message, stored and notified to the receiver. */
export async function sendInterest(db: Database, bus: Bus, sender: Liker, receiverId: string, interest: NewInterest, now = new Date()) {
  const { interestId, outcome } = await deliverLike(db, bus, sender, receiverId, interest, null, now)
  return { id: interestId!, ...outcome }
}

async function deliverLike(
  db: Database,
  bus: Bus,
  liker: Liker,
  receiverId: string,
  interest: NewInterest | null,
  about: LikeAbout | null,
  now: Date,
) {
  if (receiverId === liker.id) throw new InvalidInputError(CANNOT_LIKE_YOURSELF)
  // Nobody sees a paused member: a like, or a match it made, would show them to the member they liked.
  if (liker.status === 'paused') throw new ForbiddenError(PAUSED_CANNOT_LIKE)
  await requireVisibleMember(db, liker.id, receiverId)
  // A note is the first thing a stranger says: the scam guard reads it as a conversation's first message.
  const signals = interest ? scamSignals(interest.message, { earlierMessages: 0 }) : []
  if (signals.length > 0 && !interest?.confirmed) throw new ScamConfirmationNeededError(signals)
  const stored = interest && {
    ...interest,
    about: about ? await aboutOnProfile(db, receiverId, about) : null,
    scamSignals: signals.length > 0 ? signals : null,
  }
  const recorded = await recordLike(db, liker, receiverId, stored, now)
  const outcome = await tell(db, bus, liker.id, receiverId, interest ? 'interest_sent' : 'like_sent', recorded, now)
  return { interestId: recorded.interestId, outcome }
}

/**
 * After the like is stored, whoever it concerns is told: a match made now is a `match` notification
 * for both members and the match moment on the bus (each member shown the other); otherwise the
 * receiver hears of the interest or the new like (liking again tells nobody). Achievements follow.
 */
async function tell(
  db: Database,
  bus: Bus,
  senderId: string,
  receiverId: string,
  activity: 'like_sent' | 'interest_sent',
  { outcome, likedNow, matchedNow, interestId }: Awaited<ReturnType<typeof recordLike>>,
  now: Date,
): Promise<LikeOutcome> {
  if (matchedNow && outcome.matchId && outcome.conversationId) {
    const payload = { matchId: outcome.matchId, conversationId: outcome.conversationId }
    await notify(db, bus, { userId: receiverId, actorId: senderId, type: 'match', payload }, now)
    await notify(db, bus, { userId: senderId, actorId: receiverId, type: 'match', payload }, now)
    const members = await memberGlimpses(db, [senderId, receiverId])
    bus.publish({ type: 'match', recipients: [senderId, receiverId], ...payload, members })
  } else if (interestId) {
    await notify(db, bus, { userId: receiverId, actorId: senderId, type: 'interest_received', payload: { interestId } }, now)
  } else if (likedNow) {
    await notify(db, bus, { userId: receiverId, actorId: senderId, type: 'like_received', payload: {} }, now)
  }
  await recordActivity(db, bus, senderId, activity, now)
  if (outcome.isMutual) {
    await recordActivity(db, bus, senderId, 'match_made', now)
    await recordActivity(db, bus, receiverId, 'match_made', now)
    const [member] = await memberGlimpses(db, [receiverId])
    return { ...outcome, member }
  }
  return outcome
}

/** A match's first messages are the pair's notes, each led by what on the profile it answered. */
const openerContent = sql`case json_extract(about, '$.kind')
  when 'prompt' then ${OPENER_PROMPT[0]} || json_extract(about, '$.prompt') || ${OPENER_PROMPT[1]} || char(10) || char(10) || message
  when 'photo' then ${OPENER_PHOTO} || char(10) || char(10) || message
  else message end`

interface Recorded {
  liked: number
  interestSentBefore: number
  matchId: string | null
  conversationId: string | null
}

/**
 * Everything a like stores, as one batch (one transaction, see docs/decisions/005): the like
 * (within the free tier's daily count), the interest, and, when the other member already liked
 * back, the match and its conversation (opened with any interests' messages).
 * Each step is an INSERT … SELECT whose WHERE reads the rows the steps before it wrote, so two
 * members liking each other at the same instant serialise on the write lock: the second batch sees
 * both likes and makes the one match; the pair's unique index stops any second match.
 */
async function recordLike(
  db: Database,
  liker: Liker,
  receiverId: string,
  interest: (NewInterest & { about: InterestAbout | null; scamSignals: string[] | null }) | null,
  now: Date,
) {
  const sender = liker.id
  const [low, high] = orderedPair(sender, receiverId)
  const at = now.getTime()
  const since = at - DAY_MS
  const id = {
    match: randomId(),
    conversation: randomId(),
    interest: randomId(),
    openingMessages: [randomId(), randomId()] as const,
  }
  const liked = (from: string, to: string) => sql`exists (select 1 from likes where sender_id = ${from} and receiver_id = ${to})`
  const { likesPerDay } = limitsOf(liker.plan)
  const withinDailyLimit: SQL =
    likesPerDay === null ? sql`1` : sql`(select count(*) from likes where sender_id = ${sender} and created_at > ${since}) < ${likesPerDay}`
  const matchMade = sql`exists (select 1 from matches where id = ${id.match})`
  // A pair's interest is sent once for good (docs/decisions/008): a like with a second note stores nothing, not even the like.
  const interestSentBefore = sql`exists (select 1 from interests where sender_id = ${sender} and receiver_id = ${receiverId} and id <> ${id.interest})`
  const mayStore: SQL = interest ? sql`${withinDailyLimit} and not ${interestSentBefore}` : withinDailyLimit
  const openingMessage = (messageId: string, from: string, to: string) =>
    db.run(sql`insert into messages (id, conversation_id, sender_id, content, message_type, scam_signals, created_at)
      select ${messageId}, ${id.conversation}, sender_id, ${openerContent}, 'text', scam_signals, created_at from interests
      where sender_id = ${from} and receiver_id = ${to} and exists (select 1 from conversations where id = ${id.conversation})`)

  const results = await db.batch([
    db.run(sql`insert into likes (sender_id, receiver_id, created_at)
      select ${sender}, ${receiverId}, ${at} where ${mayStore}
      on conflict do nothing`),
    ...(interest
      ? [
          db.run(sql`insert into interests (id, sender_id, receiver_id, interest_type, message, suggested_activity, time_preference, about, scam_signals, created_at)
            select ${id.interest}, ${sender}, ${receiverId}, ${interest.interestType}, ${interest.message},
              ${interest.suggestedActivity}, ${interest.timePreference}, ${interest.about && JSON.stringify(interest.about)},
              ${interest.scamSignals && JSON.stringify(interest.scamSignals)}, ${at}
            where ${liked(sender, receiverId)}
            on conflict do nothing`),
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
    db.get<Recorded>(sql`select
      ${liked(sender, receiverId)} as liked,
      ${interestSentBefore} as interestSentBefore,
      m.id as matchId, c.id as conversationId
      from (select 1) left join matches m on m.user_low_id = ${low} and m.user_high_id = ${high} and m.ended_at is null
      left join conversations c on c.match_id = m.id`),
  ])
  const recorded = results.at(-1) as Recorded
  if (interest && recorded.interestSentBefore) throw new ConflictError(INTEREST_ALREADY_SENT)
  if (!recorded.liked) throw new LimitReachedError(DAILY_LIKES_REACHED, await retryAfterSeconds(db, sender, now))
  const outcome: LikeOutcome = recorded.matchId
    ? { isMutual: true, matchId: recorded.matchId, conversationId: recorded.conversationId ?? undefined }
    : { isMutual: false }
  return {
    outcome,
    interestId: interest ? id.interest : undefined,
    likedNow: results[0].rowsAffected > 0,
    matchedNow: recorded.matchId === id.match,
  }
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

/** Likes You shows a member at most this many at once (newest first); the count is the whole number. */
const LIKES_YOU_SHOWN = 100

/**
 * The members who liked (or sent a Thoughtful Interest to) this member and are still waiting: not
 * matched or liked back, not blocked either way, not passed, not paused. Plans with Likes You see
 * who they are; the free plan sees only how many.
 */
export async function likesReceived(db: Database, member: Liker, today = new Date()) {
  const waiting = and(
    eq(likes.receiverId, member.id),
    eq(users.status, 'active'),
    sql`not exists (select 1 from ${likes} back where back.sender_id = ${member.id} and back.receiver_id = ${likes.senderId})`,
    sql`not exists (select 1 from ${likePasses} where ${likePasses.userId} = ${member.id} and ${likePasses.passedUserId} = ${likes.senderId})`,
    sql`not exists (select 1 from ${matches} where ${matches.endedAt} is null
      and ${matches.userLowId} = min(${member.id}, ${likes.senderId}) and ${matches.userHighId} = max(${member.id}, ${likes.senderId}))`,
    sql`not ${blockedEitherWay(member.id, likes.senderId)}`,
  )
  const [counted] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.senderId))
    .where(waiting)
  const total = counted?.count ?? 0
  if (!hasFeature(member.plan, 'likes_you')) return { count: total, locked: true, members: [] }
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      birthDate: profiles.birthDate,
      city: profiles.city,
      state: profiles.state,
      photoId: profiles.photoId,
      likedAt: likes.createdAt,
      interestId: interests.id,
      ...interestNoteColumns,
      about: interests.about,
      scamSignals: interests.scamSignals,
    })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.senderId))
    .leftJoin(profiles, eq(profiles.userId, likes.senderId))
    .leftJoin(interests, and(eq(interests.senderId, likes.senderId), eq(interests.receiverId, member.id)))
    .where(waiting)
    .orderBy(desc(likes.createdAt), desc(likes.senderId))
    .limit(LIKES_YOU_SHOWN)
  return {
    count: total,
    locked: false,
    members: rows.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      age: row.birthDate ? ageOn(row.birthDate, today) : null,
      city: row.city,
      state: row.state,
      photoUrl: row.photoId ? photoUrl(row.photoId) : null,
      likedAt: row.likedAt,
      interest:
        row.interestId && row.interestType && row.message !== null
          ? {
              id: row.interestId,
              interestType: row.interestType,
              message: row.message,
              suggestedActivity: row.suggestedActivity,
              timePreference: row.timePreference,
              about: row.about,
              ...(row.scamSignals?.length ? { scamSignals: explainScamSignals(row.scamSignals) } : {}),
            }
          : null,
    })),
  }
}
