import { and, count, desc, eq, inArray, isNull, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { commitTogether } from '#db/group-commit.ts'
import { randomId } from '#db/ids.ts'
import { preparedOnce, preparedWrite } from '#db/prepared.ts'
import {
  events,
  interests,
  type NotificationPayload,
  type NotificationType,
  notifications,
  profiles,
  reports,
  sabbathEvents,
  users,
  verifications,
} from '#db/schema/index.ts'
import { queueJob } from '#server/jobs/schedules.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { findAchievement } from '#shared/content/achievements.ts'
import { sabbathProgramCard } from '#shared/content/sabbath.ts'
import { hasFeature } from '#shared/logic/entitlements.ts'
import { nextWeeklyOccurrence } from '#shared/logic/time-zones.ts'
import type { NotificationView } from '#shared/schemas/notifications.ts'
import { blockedEitherWay } from './members.ts'
import { photoUrl } from './photo-urls.ts'

const PAGE_SIZE = 20

export interface NewNotification {
  userId: string
  type: NotificationType
  /** The other member, when a member caused it. */
  actorId?: string | null
  payload: NotificationPayload
}

/**
 * A notification the member may see: from nobody (the product itself) or from an active member not
 * blocked either way. Checked when listing, so a later block or pause hides what was already stored.
 */
function fromVisibleActor(userId: string | Placeholder): SQL {
  return sql`(${notifications.actorId} is null or (
    exists (select 1 from ${users} actor where actor.id = ${notifications.actorId} and actor.status = 'active')
    and not ${blockedEitherWay(userId, notifications.actorId)}))`
}

/** What a member away hears of by email (reminders are emailed by their own jobs, which know the member's zone). */
const EMAILED_TYPES: ReadonlySet<NotificationType> = new Set(['match', 'interest_received', 'event_cancelled'])

/**
 * Stores one notification and, once the write has committed, publishes it to the member's sockets.
 * Nothing is stored when the actor and the member are blocked either way; the answer is then null.
 */
export async function notify(db: Database, bus: Bus, notification: NewNotification, now = new Date()): Promise<NotificationView | null> {
  const id = randomId()
  const { userId } = notification
  const values = {
    id,
    userId,
    actorId: notification.actorId ?? null,
    type: notification.type,
    payload: JSON.stringify(notification.payload),
    createdAt: now.getTime(),
  }
  const [stored] = await commitTogether(db, [storeNotification(db, values)])
  if (stored.length === 0) return null
  // A member away may be emailed about it: decided by the job runner when the job runs, never here.
  if (EMAILED_TYPES.has(notification.type))
    await queueJob(db, { kind: 'notification-email', payload: { notificationId: id }, runAt: now }, now)
  // One from a member is read back for their name and photo, and only if they may be seen; one from
  // nobody (a badge, a reminder, a decision) is shown as it was stored.
  const rows = values.actorId
    ? await storedNotification(db).all({ userId, id })
    : [{ id, type: notification.type, payload: notification.payload, createdAt: now, readAt: null, ...FROM_NOBODY }]
  const [view] = await viewsOf(db, userId, rows)
  if (view) bus.publish({ type: 'notification', recipients: [userId], notification: view })
  return view ?? null
}

const FROM_NOBODY = { actorId: null, actorFirstName: null, actorPhotoId: null }

/** Every notification runs these, so they are built once: the insert, and the read of what it stored. */
const storeNotification = preparedWrite((db) => {
  const [userId, actorId] = [sql.placeholder('userId'), sql.placeholder('actorId')]
  return db.all<{ id: string }>(sql`insert into notifications (id, user_id, actor_id, type, payload, created_at)
    select ${sql.placeholder('id')}, ${userId}, ${actorId}, ${sql.placeholder('type')}, ${sql.placeholder('payload')}, ${sql.placeholder('createdAt')}
    where ${actorId} is null or not ${blockedEitherWay(userId, actorId)}
    returning id`)
})

const storedNotification = preparedOnce((db) =>
  notificationRows(db, sql.placeholder('userId'), eq(notifications.id, sql.placeholder('id'))).prepare(),
)

const viewerPlan = preparedOnce((db) =>
  db
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(),
)

/** The notifications that name a member who liked the viewer, shown only on plans with Likes You. */
const LIKE_TYPES: ReadonlySet<NotificationType> = new Set(['like_received', 'interest_received'])

async function seesWhoLikes(db: Database, userId: string) {
  const [viewer] = await viewerPlan(db).all({ userId })
  return viewer !== undefined && hasFeature(viewer.plan, 'likes_you')
}

/** Keyset cursor: the last row's creation instant and id. */
function encodeCursor(view: { createdAt: Date; id: string }) {
  return `${view.createdAt.getTime()}_${view.id}`
}

function decodeCursor(cursor: string) {
  const [at, ...rest] = cursor.split('_')
  const id = rest.join('_')
  return Number.isFinite(Number(at)) && id ? { at: new Date(Number(at)), id } : null
}

/** The member's notification centre, newest first, 20 a page. */
export async function listNotifications(db: Database, userId: string, cursor?: string | null) {
  const after = cursor ? decodeCursor(cursor) : null
  const page = await notificationViews(
    db,
    userId,
    after
      ? or(lt(notifications.createdAt, after.at), and(eq(notifications.createdAt, after.at), lt(notifications.id, after.id)))
      : undefined,
    PAGE_SIZE + 1,
  )
  const shown = page.slice(0, PAGE_SIZE)
  return { notifications: shown, nextCursor: page.length > PAGE_SIZE ? encodeCursor(shown.at(-1)!) : null }
}

/** Unread notifications the member can see: the unread index finds the rows, the actor check hides the rest. */
export async function unreadCount(db: Database, userId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), fromVisibleActor(userId)))
  return { count: row?.count ?? 0 }
}

/** Marks the member's own notifications read (the ids given, or all); other members' ids change nothing. */
export async function markRead(db: Database, userId: string, ids?: string[], now = new Date()) {
  if (ids && ids.length === 0) return { marked: 0 }
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined))
    .returning({ id: notifications.id })
  return { marked: marked.length }
}

/** Reads the member's notifications (newest first) with what each type shows, every lookup scoped to the member. */
async function notificationViews(db: Database, userId: string, where: SQL | undefined, limit = PAGE_SIZE): Promise<NotificationView[]> {
  return viewsOf(db, userId, await notificationRows(db, userId, where).limit(limit))
}

/** The member's notifications that `where` picks, with their actors, newest first. */
function notificationRows(db: Database, userId: string | Placeholder, where: SQL | undefined) {
  return db
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
    .where(and(eq(notifications.userId, userId), fromVisibleActor(userId), where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
}

type NotificationRow = Awaited<ReturnType<typeof notificationRows>>[number]

/** What each type of notification shows, every lookup scoped to the member. */
async function viewsOf(db: Database, userId: string, rows: NotificationRow[]): Promise<NotificationView[]> {
  if (rows.length === 0) return []
  // Likes You is a paid feature: on the free plan a like or an interest arrives without its sender.
  const anonymousLikes = rows.some((row) => LIKE_TYPES.has(row.type)) && !(await seesWhoLikes(db, userId))

  const ids = (key: 'interestId' | 'eventId' | 'sabbathEventId' | 'verificationId' | 'reportId') => [
    ...new Set(rows.flatMap((row) => (row.payload[key] ? [row.payload[key]] : []))),
  ]
  const [interestIds, eventIds, sabbathIds, verificationIds, reportIds] = [
    ids('interestId'),
    ids('eventId'),
    ids('sabbathEventId'),
    ids('verificationId'),
    ids('reportId'),
  ]
  const [interestRows, eventRows, sabbathRows, verificationRows, reportRows] = await Promise.all([
    interestIds.length
      ? db
          .select({
            id: interests.id,
            interestType: interests.interestType,
            message: interests.message,
            suggestedActivity: interests.suggestedActivity,
            timePreference: interests.timePreference,
            about: interests.about,
          })
          .from(interests)
          .where(and(inArray(interests.id, interestIds), eq(interests.receiverId, userId)))
      : [],
    eventIds.length
      ? db.select({ id: events.id, title: events.title, startsAt: events.startsAt }).from(events).where(inArray(events.id, eventIds))
      : [],
    sabbathIds.length
      ? db
          .select({
            id: sabbathEvents.id,
            title: sabbathEvents.title,
            firstStartsAt: sabbathEvents.firstStartsAt,
            hostTimeZone: sabbathEvents.hostTimeZone,
            durationMinutes: sabbathEvents.durationMinutes,
          })
          .from(sabbathEvents)
          .where(inArray(sabbathEvents.id, sabbathIds))
      : [],
    verificationIds.length
      ? db
          .select({ id: verifications.id, type: verifications.type, status: verifications.status })
          .from(verifications)
          .where(and(inArray(verifications.id, verificationIds), eq(verifications.userId, userId)))
      : [],
    reportIds.length
      ? db
          // The reporter learns whether it was dismissed or acted on, never what was done.
          .select({ id: reports.id, status: sql<string>`case when ${reports.outcome} = 'dismissed' then 'dismissed' else 'acted_on' end` })
          .from(reports)
          .where(and(inArray(reports.id, reportIds), eq(reports.reporterId, userId)))
      : [],
  ])
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((item) => [item.id, item]))
  const interestById = byId(interestRows)
  const eventById = byId(eventRows)
  const sabbathById = byId(sabbathRows)
  const verificationById = byId(verificationRows)
  const reportById = byId(reportRows)

  return rows.flatMap((row): NotificationView[] => {
    const view = viewOf(row)
    return view ? [view] : []
  })

  function viewOf(row: (typeof rows)[number]): NotificationView | null {
    const base = {
      id: row.id,
      createdAt: row.createdAt,
      readAt: row.readAt,
      actor:
        row.actorId && row.actorFirstName
          ? { id: row.actorId, firstName: row.actorFirstName, photoUrl: row.actorPhotoId ? photoUrl(row.actorPhotoId) : null }
          : null,
    }
    const { payload } = row
    const eventGlimpse = () => {
      const event = payload.eventId ? eventById.get(payload.eventId) : undefined
      if (event) return { id: event.id, title: event.title, startsAt: event.startsAt, kind: 'community' as const }
      const program = payload.program ? sabbathProgramCard(payload.program) : undefined
      if (program && payload.startsAt)
        return { id: program.program, title: program.title, startsAt: new Date(payload.startsAt), kind: 'sabbath' as const }
      const sabbath = payload.sabbathEventId ? sabbathById.get(payload.sabbathEventId) : undefined
      if (!sabbath) return null
      const startsAt = nextWeeklyOccurrence(sabbath.firstStartsAt, sabbath.hostTimeZone, sabbath.durationMinutes, row.createdAt)
      return { id: sabbath.id, title: sabbath.title, startsAt, kind: 'sabbath' as const }
    }
    switch (row.type) {
      case 'like_received':
        return { ...base, type: row.type, actor: anonymousLikes ? null : base.actor }
      case 'interest_received': {
        const interest = payload.interestId ? interestById.get(payload.interestId) : undefined
        if (!interest) return null
        if (!anonymousLikes) return { ...base, type: row.type, interest }
        // The sender's own words could name them: only the kind of interest shows.
        return {
          ...base,
          type: row.type,
          actor: null,
          interest: { ...interest, message: '', suggestedActivity: null, timePreference: null },
        }
      }
      case 'match':
        return payload.matchId && payload.conversationId
          ? { ...base, type: row.type, matchId: payload.matchId, conversationId: payload.conversationId }
          : null
      case 'event_rsvp': {
        const event = payload.eventId ? eventById.get(payload.eventId) : undefined
        return event && payload.rsvpStatus
          ? { ...base, type: row.type, event: { id: event.id, title: event.title }, rsvpStatus: payload.rsvpStatus }
          : null
      }
      case 'event_cancelled':
      case 'reminder': {
        const event = eventGlimpse()
        return event ? { ...base, type: row.type, event } : null
      }
      case 'verification_decision': {
        const verification = payload.verificationId ? verificationById.get(payload.verificationId) : undefined
        if (!verification) return null
        const status = payload.verificationStatus ?? verification.status
        return { ...base, type: row.type, verification: { type: verification.type, status } }
      }
      case 'achievement_earned': {
        const achievement = payload.achievementId ? findAchievement(payload.achievementId) : undefined
        return achievement ? { ...base, type: row.type, achievement: { id: achievement.id, name: achievement.name } } : null
      }
      case 'report_outcome': {
        const report = payload.reportId ? reportById.get(payload.reportId) : undefined
        return report ? { ...base, type: row.type, report: { status: report.status } } : null
      }
      case 'moderation_warning':
        return payload.reason ? { ...base, type: row.type, actor: null, reason: payload.reason } : null
      case 'vouch_decision':
        return payload.vouchDecision ? { ...base, type: row.type, actor: null, decision: payload.vouchDecision } : null
    }
  }
}
