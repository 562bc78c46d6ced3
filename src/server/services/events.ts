import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { eventRsvps, events, profiles, users } from '#db/schema/index.ts'
import { ConflictError, type DomainError, ForbiddenError, InvalidInputError, LimitReachedError, NotFoundError } from '#server/errors.ts'
import { cancelReminders, eventReminderJob, queueJob, rescheduleEventReminders } from '#server/jobs/schedules.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { planById } from '#shared/content/plans.ts'
import { hasFeature } from '#shared/logic/entitlements.ts'
import type { CreateEventInput, UpdateEventInput } from '#shared/schemas/events.ts'
import { type EventFilter, localDateTimeToInstant, type RsvpStatus } from '#shared/schemas/events.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { recordActivity } from './achievements.ts'
import { blockedEitherWay } from './members.ts'
import { notify } from './notifications.ts'
import { photoUrl } from './photo-urls.ts'
import { hitLimit } from './rate-limit.ts'

const EVENT_NOT_FOUND = 'That event no longer exists.'
export const EVENT_FULL = 'This event is full. You can still mark yourself as interested.'
const EVENT_CANCELLED = 'This event has been cancelled.'
const EVENT_ENDED = 'This event has already ended.'
export const NOT_ORGANIZER = 'Only the organizer can change this event.'
export const CIRCLE_EVENTS_LOCKED = `Circle-only events are part of ${planById.millionaire.name} and above.`

/** Avatars shown on a card; the count shows the rest. */
const ATTENDEE_PREVIEW = 5
const LIST_LIMIT = 100

/** The member asking: circle-only events exist only for the income-verified circle and their organizer. */
interface Viewer {
  id: string
  plan: PlanId
}

type EventFields = z.output<typeof CreateEventInput>
type EventChanges = z.output<typeof UpdateEventInput>

const attendingCount = sql<number>`(select count(*) from ${eventRsvps} where ${eventRsvps.eventId} = ${events.id} and ${eventRsvps.status} = 'attending')`

function eventColumns(viewerId: string) {
  return {
    id: events.id,
    title: events.title,
    description: events.description,
    eventType: events.eventType,
    churchName: events.churchName,
    location: events.location,
    city: events.city,
    state: events.state,
    startsAt: events.startsAt,
    endsAt: events.endsAt,
    timeZone: events.timeZone,
    maxAttendees: events.maxAttendees,
    isSabbathEvent: events.isSabbathEvent,
    denominationSpecific: events.denominationSpecific,
    organizerId: events.organizerId,
    organizerFirstName: users.firstName,
    hostName: events.hostName,
    cancelledAt: events.cancelledAt,
    circleOnly: events.circleOnly,
    currentAttendees: attendingCount.mapWith(Number),
    interestedCount:
      sql<number>`(select count(*) from ${eventRsvps} where ${eventRsvps.eventId} = ${events.id} and ${eventRsvps.status} = 'interested')`.mapWith(
        Number,
      ),
    myRsvp: sql<RsvpStatus | null>`(select ${eventRsvps.status} from ${eventRsvps} where ${eventRsvps.eventId} = ${events.id} and ${eventRsvps.userId} = ${viewerId})`,
  }
}

/** An event organized by a suspended or banned member is hidden, and nobody is reminded of it. */
export const organizerInGoodStanding = sql`not exists (select 1 from ${users} organizer where organizer.id = ${events.organizerId}
    and organizer.status in ('suspended', 'banned'))`

/** Circle-only events for the circle and their organizer; none organized by a suspended or banned member. */
function visibleTo(viewer: Viewer): SQL | undefined {
  if (hasFeature(viewer.plan, 'private_events')) return organizerInGoodStanding
  return and(organizerInGoodStanding, or(eq(events.circleOnly, false), eq(events.organizerId, viewer.id)))
}

function filterCondition(filter: EventFilter): SQL | undefined {
  if (filter === 'all') return undefined
  if (filter === 'sabbath') return eq(events.isSabbathEvent, true)
  return eq(events.eventType, filter)
}

/** Upcoming (not yet ended) events, soonest first: the spec's Event with counts and avatars from real RSVPs. */
function selectEvents(db: Database, viewerId: string) {
  return db.select(eventColumns(viewerId)).from(events).leftJoin(users, eq(users.id, events.organizerId))
}

export async function listEvents(db: Database, viewer: Viewer, filter: EventFilter, now = new Date()) {
  const rows = await selectEvents(db, viewer.id)
    .where(and(gt(events.endsAt, now), filterCondition(filter), visibleTo(viewer)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(LIST_LIMIT)
  return withAttendees(db, viewer.id, rows)
}

export async function getEvent(db: Database, viewer: Viewer, eventId: string) {
  const rows = await selectEvents(db, viewer.id).where(and(eq(events.id, eventId), visibleTo(viewer)))
  const [event] = await withAttendees(db, viewer.id, rows)
  if (!event) throw new NotFoundError(EVENT_NOT_FOUND)
  return event
}

type EventRow = Awaited<ReturnType<typeof selectEvents>>[number]

/**
 * The first attendees of each event (first to say they are coming), first names and photos only: the
 * viewer, and members who are neither blocked either way nor paused, suspended or banned.
 */
async function withAttendees(db: Database, viewerId: string, rows: EventRow[]) {
  const ids = rows.map((row) => row.id)
  const shown = or(
    eq(eventRsvps.userId, viewerId),
    and(eq(users.status, 'active'), sql`not ${blockedEitherWay(viewerId, eventRsvps.userId)}`),
  )
  const ranked = db.$with('ranked').as(
    db
      .select({
        eventId: eventRsvps.eventId,
        userId: eventRsvps.userId,
        position:
          sql<number>`row_number() over (partition by ${eventRsvps.eventId} order by ${eventRsvps.updatedAt}, ${eventRsvps.userId})`.as(
            'position',
          ),
      })
      .from(eventRsvps)
      .innerJoin(users, eq(users.id, eventRsvps.userId))
      .where(and(inArray(eventRsvps.eventId, ids), eq(eventRsvps.status, 'attending'), shown)),
  )
  const attendees =
    ids.length === 0
      ? []
      : await db
          .with(ranked)
          .select({ eventId: ranked.eventId, userId: ranked.userId, firstName: users.firstName, photoId: profiles.photoId })
          .from(ranked)
          .innerJoin(users, eq(users.id, ranked.userId))
          .leftJoin(profiles, eq(profiles.userId, ranked.userId))
          .where(lte(ranked.position, ATTENDEE_PREVIEW))
          .orderBy(ranked.eventId, sql`position`)
  const byEvent = new Map<string, { id: string; name: string; photo: string | null }[]>()
  for (const attendee of attendees) {
    const list = byEvent.get(attendee.eventId) ?? []
    list.push({ id: attendee.userId, name: attendee.firstName, photo: attendee.photoId ? photoUrl(attendee.photoId, 'small') : null })
    byEvent.set(attendee.eventId, list)
  }
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    eventType: row.eventType,
    churchName: row.churchName,
    location: row.location,
    city: row.city,
    state: row.state,
    startDateTime: row.startsAt.toISOString(),
    endDateTime: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    maxAttendees: row.maxAttendees,
    currentAttendees: row.currentAttendees,
    interestedCount: row.interestedCount,
    spotsLeft: Math.max(0, row.maxAttendees - row.currentAttendees),
    isSabbathEvent: row.isSabbathEvent,
    denominationSpecific: row.denominationSpecific,
    organizerName: row.organizerFirstName ?? row.hostName ?? 'Covenant Community',
    isOrganizer: row.organizerId === viewerId,
    isCancelled: row.cancelledAt !== null,
    circleOnly: row.circleOnly,
    attendeeProfiles: byEvent.get(row.id) ?? [],
    myRsvp: row.myRsvp,
  }))
}

function instants(fields: { startDateTime: string; endDateTime: string; timeZone: string }) {
  const startsAt = localDateTimeToInstant(fields.startDateTime, fields.timeZone)
  const endsAt = localDateTimeToInstant(fields.endDateTime, fields.timeZone)
  // The input schema has already checked both; this only narrows the types.
  if (!startsAt || !endsAt) throw new InvalidInputError('Please choose a date and time')
  return { startsAt, endsAt }
}

function storedFields(fields: EventFields | EventChanges) {
  return {
    title: fields.title,
    description: fields.description,
    eventType: fields.eventType,
    churchName: fields.churchName,
    location: fields.location,
    city: fields.city,
    state: fields.state,
    timeZone: fields.timeZone,
    maxAttendees: fields.maxAttendees,
    isSabbathEvent: fields.isSabbathEvent,
    denominationSpecific: fields.denominationSpecific,
    circleOnly: fields.circleOnly,
    ...instants(fields),
  }
}

/** Events a member may create in 24 hours: plenty for an organizer, too few to flood the list or farm the hosting badges. */
export const EVENTS_PER_DAY = 5
export const EVENTS_PER_DAY_REACHED = `You can create up to ${EVENTS_PER_DAY} events a day. Please try again tomorrow.`

/** The organizer holds the first seat of their own event, and is reminded the day before like any attendee. */
export async function createEvent(db: Database, bus: Bus, organizer: Viewer, fields: EventFields, now = new Date()) {
  requireCircleFor(organizer, fields)
  const allowance = await hitLimit(db, `events-created:${organizer.id}`, { max: EVENTS_PER_DAY, windowMs: 86_400_000 }, now.getTime())
  if (!allowance.allowed) throw new LimitReachedError(EVENTS_PER_DAY_REACHED, allowance.retryAfterSeconds)
  const organizerId = organizer.id
  const id = randomId()
  const stored = storedFields(fields)
  const reminder = eventReminderJob({ userId: organizerId, eventId: id }, stored.startsAt, now)
  await db.batch([
    db.insert(events).values({ id, organizerId, ...stored, createdAt: now, updatedAt: now }),
    db.insert(eventRsvps).values({ eventId: id, userId: organizerId, status: 'attending', createdAt: now, updatedAt: now }),
    ...(reminder ? [queueJob(db, reminder, now)] : []),
  ])
  const earned = await recordActivity(db, bus, organizerId, 'event_created', now)
  return { event: await getEvent(db, organizer, id), earned }
}

/** Only the circle may make an event circle-only (an organizer whose plan lapsed may still edit theirs, or open it up). */
function requireCircleFor(organizer: Viewer, fields: { circleOnly: boolean }) {
  if (fields.circleOnly && !hasFeature(organizer.plan, 'private_events')) throw new ForbiddenError(CIRCLE_EVENTS_LOCKED)
}

/** Why a conditional write on an event changed nothing: the same order the conditions are checked in. */
async function explainRefusal(db: Database, viewer: Viewer, eventId: string, now: Date, organizerOnly: boolean): Promise<DomainError> {
  const userId = viewer.id
  const [event] = await db
    .select({ organizerId: events.organizerId, cancelledAt: events.cancelledAt, endsAt: events.endsAt })
    .from(events)
    .where(and(eq(events.id, eventId), visibleTo(viewer)))
  if (!event) return new NotFoundError(EVENT_NOT_FOUND)
  if (organizerOnly && event.organizerId !== userId) return new ForbiddenError(NOT_ORGANIZER)
  if (event.cancelledAt) return new InvalidInputError(EVENT_CANCELLED)
  if (event.endsAt.getTime() <= now.getTime()) return new InvalidInputError(EVENT_ENDED)
  return new ConflictError(EVENT_FULL)
}

/**
 * Organizer only; capacity may not drop below the members already attending (checked in the same
 * statement). A new start time moves the attendees' day-before reminders with it.
 */
export async function updateEvent(db: Database, viewer: Viewer, changes: EventChanges, now = new Date()) {
  const userId = viewer.id
  const values = storedFields(changes)
  const [before] = await db
    .select({ startsAt: events.startsAt, circleOnly: events.circleOnly })
    .from(events)
    .where(eq(events.id, changes.eventId))
  // Making an event circle-only takes the plan; one that already is stays so through an edit.
  if (!before?.circleOnly) requireCircleFor(viewer, changes)
  const updated = await db
    .update(events)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        eq(events.id, changes.eventId),
        eq(events.organizerId, userId),
        isNull(events.cancelledAt),
        gt(events.endsAt, now),
        sql`${attendingCount} <= ${values.maxAttendees}`,
      ),
    )
    .returning({ id: events.id })
  if (updated.length === 0) {
    const refusal = await explainRefusal(db, viewer, changes.eventId, now, true)
    if (refusal.code !== 'CONFLICT') throw refusal
    const [{ attending } = { attending: 0 }] = await db
      .select({ attending: attendingCount.mapWith(Number) })
      .from(events)
      .where(eq(events.id, changes.eventId))
    throw new InvalidInputError(`${attending} members are already attending, so the capacity can't be lower than ${attending}.`)
  }
  if (before && before.startsAt.getTime() !== values.startsAt.getTime()) await db.batch(rescheduleEventReminders(db, changes.eventId, now))
  return getEvent(db, viewer, changes.eventId)
}

/** Organizer only; the event stays listed as cancelled until its end so attendees see what happened. */
export async function cancelEvent(db: Database, bus: Bus, viewer: Viewer, eventId: string, now = new Date()) {
  const userId = viewer.id
  const cancelled = await db
    .update(events)
    .set({ cancelledAt: now, updatedAt: now })
    .where(and(eq(events.id, eventId), eq(events.organizerId, userId), isNull(events.cancelledAt)))
    .returning({ id: events.id })
  if (cancelled.length === 0) {
    const refusal = await explainRefusal(db, viewer, eventId, now, true)
    // Cancelling twice is not an error.
    if (refusal.message !== EVENT_CANCELLED) throw refusal
  } else {
    // Everyone attending but the organizer hears of it (and, when away, gets an email).
    const attendees = await db
      .select({ userId: eventRsvps.userId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'attending')))
    for (const attendee of attendees) {
      if (attendee.userId !== userId)
        await notify(db, bus, { userId: attendee.userId, actorId: userId, type: 'event_cancelled', payload: { eventId } }, now)
    }
  }
  return getEvent(db, viewer, eventId)
}

/**
 * Interested or attending, replacing any earlier choice, in one statement: the row is written only
 * while the event is open and, for attending, while a seat is free counting everyone but this member.
 * Two members racing for the last seat meet SQLite's single writer: one gets it, the other CONFLICT.
 */
export async function setRsvp(db: Database, bus: Bus, viewer: Viewer, eventId: string, status: RsvpStatus, now = new Date()) {
  const userId = viewer.id
  const seatFree = sql`(select count(*) from ${eventRsvps} where ${eventRsvps.eventId} = ${events.id}
    and ${eventRsvps.status} = 'attending' and ${eventRsvps.userId} <> ${userId}) < ${events.maxAttendees}`
  const stamp = now.getTime()
  const written = await db
    .insert(eventRsvps)
    .select(
      db
        .select({
          eventId: events.id,
          userId: sql`${userId}`.as('user_id'),
          status: sql`${status}`.as('status'),
          createdAt: sql`${stamp}`.as('created_at'),
          updatedAt: sql`${stamp}`.as('updated_at'),
        })
        .from(events)
        .where(
          and(
            eq(events.id, eventId),
            visibleTo(viewer),
            isNull(events.cancelledAt),
            gt(events.endsAt, now),
            status === 'attending' ? seatFree : undefined,
          ),
        ),
    )
    .onConflictDoUpdate({
      target: [eventRsvps.eventId, eventRsvps.userId],
      set: {
        status: sql`excluded.status`,
        // Keeps a member's place in the avatar row when they repeat the same choice.
        updatedAt: sql`case when ${eventRsvps.status} = excluded.status then ${eventRsvps.updatedAt} else excluded.updated_at end`,
      },
    })
    .returning({ status: eventRsvps.status, updatedAt: eventRsvps.updatedAt })
  if (written.length === 0) throw await explainRefusal(db, viewer, eventId, now, false)
  await rescheduleReminder(db, userId, eventId, status === 'attending', now)
  // The organizer hears of a new or changed choice, not of the same one repeated, nor of their own.
  if (written[0]!.updatedAt.getTime() === stamp) {
    const [event] = await db.select({ organizerId: events.organizerId }).from(events).where(eq(events.id, eventId))
    if (event?.organizerId && event.organizerId !== userId) {
      await notify(
        db,
        bus,
        { userId: event.organizerId, actorId: userId, type: 'event_rsvp', payload: { eventId, rsvpStatus: status } },
        now,
      )
    }
  }
  const earned = await recordActivity(db, bus, userId, 'event_rsvp', now)
  return { event: await getEvent(db, viewer, eventId), earned }
}

export async function withdrawRsvp(db: Database, viewer: Viewer, eventId: string) {
  const userId = viewer.id
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), visibleTo(viewer)))
  if (!event) throw new NotFoundError(EVENT_NOT_FOUND)
  await db.batch([
    db.delete(eventRsvps).where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId))),
    cancelReminders(db, 'event-reminder', userId, eventId),
  ])
  return getEvent(db, viewer, eventId)
}

/** Attending: one reminder the day before (replacing any earlier one); anything else: none. */
async function rescheduleReminder(db: Database, userId: string, eventId: string, attending: boolean, now: Date) {
  const [event] = attending ? await db.select({ startsAt: events.startsAt }).from(events).where(eq(events.id, eventId)) : []
  const job = event ? eventReminderJob({ userId, eventId }, event.startsAt, now) : null
  await db.batch([cancelReminders(db, 'event-reminder', userId, eventId), ...(job ? [queueJob(db, job, now)] : [])])
}
