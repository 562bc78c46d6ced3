import { and, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { eventRsvps, events, sabbathEventSignups, sabbathEvents } from '#db/schema/index.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { notify } from '#server/services/notifications.ts'
import { formatInTimeZone, nextWeeklyOccurrence } from '#shared/logic/time-zones.ts'
import { describeEventTime, emailIfAway } from './away-emails.ts'
import type { JobPayloads } from './kinds.ts'
import type { JobHandler } from './runner.ts'
import { EVENT_REMINDER_LEAD_MS, eventReminderJob, queueJob, sabbathReminderJob } from './schedules.ts'

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
    const startsAt = new Date(reminder.startsAt)
    if (startsAt.getTime() > now.getTime()) {
      await notify(db, bus, { userId, type: 'reminder', payload: { sabbathEventId: eventId } }, now)
      const local = formatInTimeZone(startsAt, timeZone)
      const when = `${local.weekday} at ${local.time} ${local.zoneLabel}`
      await emailIfAway(
        db,
        userId,
        'reminder',
        async (to) => ({
          template: 'sabbath-reminder',
          props: { firstName: to.firstName, title: event.title, when, isOnline: event.isOnline },
        }),
        now,
      )
    }
    const next = nextWeeklyOccurrence(event.firstStartsAt, event.hostTimeZone, 0, new Date(Math.max(now.getTime(), startsAt.getTime()) + 1))
    await queueJob(db, sabbathReminderJob({ userId, eventId, timeZone, startsAt: next.getTime() }, now), now)
  }
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
      .where(eq(events.id, eventId))
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
