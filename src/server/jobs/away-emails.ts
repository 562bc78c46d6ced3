import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { conversations, events, interests, messageDigests, messages, notifications, users } from '#db/schema/index.ts'
import type { MailJob } from '#server/mail/templates.ts'
import { isAway } from '#server/services/away.ts'
import { blockedEitherWay } from '#server/services/members.ts'
import { notHeldBackFrom } from '#server/services/messaging.ts'
import { wantsEmail } from '#server/services/notification-preferences.ts'
import { interestTypeLabel } from '#shared/content/interest-types.ts'
import { hasFeature } from '#shared/logic/entitlements.ts'
import { describeScamSignals } from '#shared/logic/scam-guard.ts'
import type { EmailCategory } from '#shared/schemas/account.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import type { JobPayloads } from './kinds.ts'
import { enqueueJob } from './queue.ts'
import type { JobHandler } from './runner.ts'
import { DIGEST_WINDOW_MS, queueJob } from './schedules.ts'

/** Messages quoted in a digest, each cut to this many characters. */
const DIGEST_SHOWN = 5
const DIGEST_QUOTE_CHARS = 280

type Clock = () => Date

async function recipient(db: Database, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, plan: users.plan })
    .from(users)
    .where(eq(users.id, userId))
  return row
}

/** A member's first name, when they may still be named to this member (active, not blocked either way). */
async function visibleName(db: Database, memberId: string, otherId: string | null) {
  if (!otherId) return undefined
  const [row] = await db
    .select({ firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, otherId), eq(users.status, 'active'), sql`not ${blockedEitherWay(memberId, otherId)}`))
  return row?.firstName
}

export function describeEventTime(startsAt: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(startsAt)
}

/** Queues the email when the member is away and wants this kind; tells whether it did. */
export async function emailIfAway(
  db: Database,
  userId: string,
  category: EmailCategory,
  compose: (to: { email: string; firstName: string; plan: PlanId }) => Promise<Omit<MailJob, 'to' | 'unsubscribe'> | null>,
  now: Date,
): Promise<boolean> {
  if (!(await isAway(db, userId, now)) || !(await wantsEmail(db, userId, category))) return false
  const to = await recipient(db, userId)
  if (!to) return false
  const mail = await compose(to)
  if (!mail) return false
  // Due at the runner's own now, so a runner on a test clock sends it too.
  await enqueueJob(db, { kind: 'mail', payload: { ...mail, to: to.email, unsubscribe: { userId, category } } as MailJob, runAt: now }, now)
  return true
}

/**
 * One job per notification that may be emailed: when it runs, a member who is away, has not seen
 * it yet and wants that kind of email gets one. Anything gone since (the notification, the actor
 * blocked or paused, the event) means no email.
 */
export function createNotificationEmailHandler(db: Database, clock: Clock): JobHandler<JobPayloads['notification-email']> {
  return async ({ notificationId }) => {
    const [notification] = await db
      .select({
        userId: notifications.userId,
        actorId: notifications.actorId,
        type: notifications.type,
        payload: notifications.payload,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.id, notificationId))
    if (!notification || notification.readAt) return
    const { userId, actorId, payload } = notification
    const now = clock()
    if (notification.type === 'match') {
      await emailIfAway(
        db,
        userId,
        'match',
        async (to) => {
          const matchName = await visibleName(db, userId, actorId)
          return matchName ? { template: 'new-match', props: { firstName: to.firstName, matchName } } : null
        },
        now,
      )
    } else if (notification.type === 'interest_received') {
      await emailIfAway(
        db,
        userId,
        'interest',
        async (to) => {
          const senderName = await visibleName(db, userId, actorId)
          if (!senderName || !payload.interestId) return null
          const [interest] = await db
            .select({ interestType: interests.interestType, message: interests.message, scamSignals: interests.scamSignals })
            .from(interests)
            .where(and(eq(interests.id, payload.interestId), eq(interests.receiverId, userId)))
          if (!interest) return null
          // Who sent it, and their words, are for plans with Likes You; the free plan hears that someone did.
          const named = hasFeature(to.plan, 'likes_you')
          return {
            template: 'interest-received',
            props: {
              firstName: to.firstName,
              senderName: named ? senderName : null,
              interestLabel: interestTypeLabel(interest.interestType),
              message: named ? interest.message : null,
              safetyNote: named && interest.scamSignals?.length ? describeScamSignals(interest.scamSignals) : null,
            },
          }
        },
        now,
      )
    } else if (notification.type === 'event_cancelled') {
      await emailIfAway(
        db,
        userId,
        'reminder',
        async (to) => {
          if (!payload.eventId) return null
          const [event] = await db
            .select({ title: events.title, startsAt: events.startsAt, timeZone: events.timeZone })
            .from(events)
            .where(eq(events.id, payload.eventId))
          if (!event) return null
          return {
            template: 'event-cancelled',
            props: { firstName: to.firstName, title: event.title, when: describeEventTime(event.startsAt, event.timeZone) },
          }
        },
        now,
      )
    }
  }
}

/**
 * A conversation's unread messages to a member away, in one email, at most once per DIGEST_WINDOW_MS:
 * a digest too soon after the last one waits for the window's end and looks again then.
 */
export function createMessageDigestHandler(db: Database, clock: Clock): JobHandler<JobPayloads['message-digest']> {
  return async ({ userId, conversationId }) => {
    const now = clock()
    const [conversation] = await db
      .select({ participant1Id: conversations.participant1Id, participant2Id: conversations.participant2Id })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), isNull(conversations.closedAt)))
    if (!conversation || ![conversation.participant1Id, conversation.participant2Id].includes(userId)) return
    const otherId = conversation.participant1Id === userId ? conversation.participant2Id : conversation.participant1Id
    const [digest] = await db
      .select({ lastSentAt: messageDigests.lastSentAt })
      .from(messageDigests)
      .where(and(eq(messageDigests.userId, userId), eq(messageDigests.conversationId, conversationId)))
    const since = digest?.lastSentAt ?? new Date(0)
    const unread = await db
      .select({ content: messages.content })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          ne(messages.senderId, userId),
          isNull(messages.readAt),
          gt(messages.createdAt, since),
          notHeldBackFrom(userId),
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
    if (unread.length === 0) return
    const windowEnds = since.getTime() + DIGEST_WINDOW_MS
    if (windowEnds > now.getTime()) {
      await queueJob(db, { kind: 'message-digest', payload: { userId, conversationId }, runAt: new Date(windowEnds) }, now)
      return
    }
    await emailIfAway(
      db,
      userId,
      'message',
      async (to) => {
        const senderName = await visibleName(db, userId, otherId)
        if (!senderName) return null
        const shown = unread.slice(-DIGEST_SHOWN).map((message) => quote(message.content))
        await db
          .insert(messageDigests)
          .values({ userId, conversationId, lastSentAt: now })
          .onConflictDoUpdate({ target: [messageDigests.userId, messageDigests.conversationId], set: { lastSentAt: now } })
        return {
          template: 'message-digest',
          props: { firstName: to.firstName, senderName, messages: shown, more: unread.length - shown.length },
        }
      },
      now,
    )
  }
}

function quote(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > DIGEST_QUOTE_CHARS ? `${flat.slice(0, DIGEST_QUOTE_CHARS - 1)}…` : flat
}
