import { and, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import {
  eventRsvps,
  events,
  type NotificationPayload,
  sabbathEventSignups,
  sabbathEvents,
  sabbathProgramSignups,
} from '#db/schema/index.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { organizerInGoodStanding } from '#server/services/events.ts'
import { notify } from '#server/services/notifications.ts'
import { sabbathProgramCard } from '#shared/content/sabbath.ts'
import { formatInTimeZone, nextWeeklyOccurrence } from '#shared/logic/time-zones.ts'
import { localDateTimeToInstant } from '#shared/schemas/events.ts'
import { describeEventTime, emailIfAway } from './away-emails.ts'
import type { JobPayloads } from './kinds.ts'
import type { JobHandler } from './runner.ts'
import { EVENT_REMINDER_LEAD_MS, eventReminderJob, programReminderJob, queueJob, sabbathReminderJob } from './schedules.ts'

type Clock = () => Date

/**
 * "Remind Me" on a weekly Sabbath gathering: if the member still asks for it, they are told in the
 * app and, when away, by email, with the time as it reads in their own zone; then next week's
 * reminder is queued. Turned off since, nothing happens and nothing more is queued.
 */
export function createSabbathReminderHandler(db: Database, bus: Bus, clock: Clock): JobHandler<JobPayloads['sabbath-reminder']> {
  return async (reminder) => {
    const { userId, eventId, timeZone } = reminder
    const [event] = await db
      .select({
        title: sabbathEvents.title,
        isOnline: sabbathEvents.isOnline,
        firstStartsAt: sabbathEvents.firstStartsAt,
        hostTimeZone: sabbathEvents.hostTimeZone,
      })
      .from(sabbathEvents)
      .innerJoin(
        sabbathEventSignups,
        and(
          eq(sabbathEventSignups.eventId, sabbathEvents.id),
          eq(sabbathEventSignups.userId, userId),
          eq(sabbathEventSignups.kind, 'remind'),
        ),
      )
      .where(eq(sabbathEvents.id, eventId))
    if (!event) return
    const now = clock()
    await tellOfOccurrence(db, bus, { userId, timeZone, startsAt: reminder.startsAt, payload: { sabbathEventId: eventId }, ...event }, now)
    const next = followingOccurrence(event.firstStartsAt, event.hostTimeZone, reminder.startsAt, now)
    await queueJob(db, sabbathReminderJob({ userId, eventId, timeZone, startsAt: next.getTime() }, now), now)
  }
}

/**
 * "Set Reminder" on a weekly Sabbath program (Friday Evening Vespers): kept at the program's time on
 * the member's own clock, told as a gathering's reminder is, and queued again for the next week while
 * the member is still signed up.
 */
export function createProgramReminderHandler(db: Database, bus: Bus, clock: Clock): JobHandler<JobPayloads['program-reminder']> {
  return async (reminder) => {
    const { userId, program, timeZone } = reminder
    const card = sabbathProgramCard(program)
    const first = card?.remindsAt ? localDateTimeToInstant(card.remindsAt, timeZone) : null
    const [signedUp] = await db
      .select({ program: sabbathProgramSignups.program })
      .from(sabbathProgramSignups)
      .where(and(eq(sabbathProgramSignups.userId, userId), eq(sabbathProgramSignups.program, program)))
    if (!card || !first || !signedUp) return
    const now = clock()
    const payload = { program, startsAt: reminder.startsAt }
    await tellOfOccurrence(db, bus, { userId, timeZone, startsAt: reminder.startsAt, payload, title: card.title, isOnline: false }, now)
    const next = followingOccurrence(first, timeZone, reminder.startsAt, now)
    await queueJob(db, programReminderJob({ ...reminder, startsAt: next.getTime() }, now), now)
  }
}

/** A weekly occurrence still ahead, told in the app and, to a member away, by email, at its time on their clock. */
async function tellOfOccurrence(
  db: Database,
  bus: Bus,
  occurrence: { userId: string; timeZone: string; startsAt: number; payload: NotificationPayload; title: string; isOnline: boolean },
  now: Date,
) {
  const { userId, title, isOnline } = occurrence
  const startsAt = new Date(occurrence.startsAt)
  if (startsAt.getTime() <= now.getTime()) return
  await notify(db, bus, { userId, type: 'reminder', payload: occurrence.payload }, now)
  const local = formatInTimeZone(startsAt, occurrence.timeZone)
  const when = `${local.weekday} at ${local.time} ${local.zoneLabel}`
  await emailIfAway(
    db,
    userId,
    'reminder',
    async (to) => ({ template: 'sabbath-reminder', props: { firstName: to.firstName, title, when, isOnline } }),
    now,
  )
}

/** The occurrence after the one just reminded of (or after now, when that one is long past). */
function followingOccurrence(first: Date, timeZone: string, startsAt: number, now: Date) {
  return nextWeeklyOccurrence(first, timeZone, 0, new Date(Math.max(now.getTime(), startsAt) + 1))
}

/**
 * The day before a community event the member is attending. Un-RSVPed, cancelled or already begun:
 * nothing. Moved later since the reminder was queued: it waits for the new day before.
 */
export function createEventReminderHandler(db: Database, bus: Bus, clock: Clock): JobHandler<JobPayloads['event-reminder']> {
  return async ({ userId, eventId }) => {
    const [event] = await db
      .select({
        title: events.title,
        startsAt: events.startsAt,
        timeZone: events.timeZone,
        location: events.location,
        city: events.city,
        state: events.state,
        cancelledAt: events.cancelledAt,
      })
      .from(events)
      .innerJoin(eventRsvps, and(eq(eventRsvps.eventId, events.id), eq(eventRsvps.userId, userId), eq(eventRsvps.status, 'attending')))
      .where(and(eq(events.id, eventId), organizerInGoodStanding))
    const now = clock()
    if (!event || event.cancelledAt || event.startsAt.getTime() <= now.getTime()) return
    if (event.startsAt.getTime() - EVENT_REMINDER_LEAD_MS > now.getTime() + 60_000) {
      const later = eventReminderJob({ userId, eventId }, event.startsAt, now)
      if (later) await queueJob(db, later, now)
      return
    }
    await notify(db, bus, { userId, type: 'reminder', payload: { eventId } }, now)
    const when = describeEventTime(event.startsAt, event.timeZone)
    const place = [event.location, event.city, event.state].filter(Boolean).join(', ')
    await emailIfAway(
      db,
      userId,
      'reminder',
      async (to) => ({ template: 'event-reminder', props: { firstName: to.firstName, title: event.title, when, place } }),
      now,
    )
  }
}
