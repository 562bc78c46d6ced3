import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, users } from '#db/schema/index.ts'
import { EVENT_REMINDER_LEAD_MS } from '#server/jobs/schedules.ts'
import { AWAY_AFTER_MS } from '#server/services/away.ts'
import type { UpdateEventInput } from '#shared/schemas/events.ts'
import { clockedRunner } from '#tests/support/clocked-runner.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { type Harness, MANY_MEMBERS, type Member, setLastActive } from '#tests/support/members.ts'
import { readOutbox } from '#tests/support/smtp.ts'

let h: Harness
beforeAll(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterAll(() => h.close())

const runnerAt = (start: Date) => clockedRunner(h, start)

/** `YYYY-MM-DDTHH:mm` as a wall clock in UTC, `hours` from now, on the minute. */
function wallClockIn(hours: number) {
  const at = new Date(Date.now() + hours * 3_600_000)
  at.setUTCSeconds(0, 0)
  return { local: at.toISOString().slice(0, 16), at }
}

let titles = 0
function eventAt(hoursAhead: number, title = `Psalms Study Night ${++titles}`) {
  const start = wallClockIn(hoursAhead)
  const input: Omit<UpdateEventInput, 'eventId'> = {
    title,
    description: 'Reading Psalm 23 together.',
    eventType: 'study',
    churchName: 'Grace Chapel',
    location: '12 Elm Street',
    city: 'Nashville',
    state: 'TN',
    startDateTime: start.local,
    endDateTime: wallClockIn(hoursAhead + 2).local,
    timeZone: 'UTC',
    maxAttendees: 10,
    isSabbathEvent: false,
    denominationSpecific: null,
    circleOnly: false,
  }
  return { input, startsAt: start.at, dayBefore: new Date(start.at.getTime() - EVENT_REMINDER_LEAD_MS) }
}

const away = (member: Member) => setLastActive(h, member, new Date(Date.now() - AWAY_AFTER_MS - 60_000))
const mailTo = async (member: Member, subject: string) =>
  (await readOutbox(h.config.MAIL_DIR)).filter((mail) => JSON.stringify(mail.to).includes(member.email) && mail.subject === subject)
const told = async (members: Member[], type: 'reminder' | 'event_cancelled', eventId: string) => {
  const rows = await h.db
    .select({ userId: notifications.userId, actorId: notifications.actorId, payload: notifications.payload })
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.userId,
          members.map((member) => member.user.id),
        ),
        eq(notifications.type, type),
      ),
    )
  return rows.filter((row) => row.payload.eventId === eventId)
}

describe("a community event's reminder", () => {
  it('fires the day before for a member attending, not earlier, in the app and by email when away; un-RSVPed, nothing', async () => {
    const host = await h.member({ firstName: 'Deborah' })
    const ruth = await h.member({ firstName: 'Ruth' })
    const naomi = await h.member({ firstName: 'Naomi' })
    const planned = eventAt(5 * 24)
    const { event } = await host.api.events.create(planned.input)
    await ruth.api.events.rsvp({ eventId: event.id, status: 'attending' })
    await naomi.api.events.rsvp({ eventId: event.id, status: 'attending' })
    await naomi.api.events.withdrawRsvp({ eventId: event.id })
    await away(ruth)
    await away(naomi)

    const runner = runnerAt(new Date(planned.dayBefore.getTime() - 60_000))
    try {
      await runner.drain()
      expect(await told([ruth, naomi], 'reminder', event.id)).toEqual([])

      runner.set(planned.dayBefore)
      await runner.drain()
      expect(await told([ruth, naomi], 'reminder', event.id)).toEqual([
        { userId: ruth.user.id, actorId: null, payload: { eventId: event.id } },
      ])
      // The organizer holds a seat and is reminded too.
      expect(await told([host], 'reminder', event.id)).toHaveLength(1)
      const [mail, ...more] = await mailTo(ruth, `Tomorrow: ${planned.input.title}`)
      expect(more).toEqual([])
      expect(mail!.text).toContain('12 Elm Street')
      expect(await mailTo(naomi, `Tomorrow: ${planned.input.title}`)).toEqual([])

      // Told once: the event's start passing tells nothing more.
      runner.set(planned.startsAt)
      await runner.drain()
      expect(await told([ruth, naomi], 'reminder', event.id)).toHaveLength(1)
    } finally {
      await runner.stop()
    }
  })

  it('is not sent for an event whose organizer was banned since, which no member can see any more', async () => {
    const host = await h.member({ firstName: 'Jezebel' })
    const ruth = await h.member({ firstName: 'Ruth' })
    const planned = eventAt(5 * 24)
    const { event } = await host.api.events.create(planned.input)
    await ruth.api.events.rsvp({ eventId: event.id, status: 'attending' })
    await h.db.update(users).set({ status: 'banned' }).where(eq(users.id, host.user.id))
    const runner = runnerAt(planned.dayBefore)
    try {
      await runner.drain()
    } finally {
      await runner.stop()
    }
    expect(await told([ruth], 'reminder', event.id)).toEqual([])
    expect(await mailTo(ruth, `Tomorrow: ${planned.input.title}`)).toEqual([])
  })

  it('follows the event moved earlier: it fires at the new day before, and not again at the old one', async () => {
    const host = await h.member({ firstName: 'Deborah' })
    const ruth = await h.member({ firstName: 'Ruth' })
    const planned = eventAt(5 * 24)
    const { event } = await host.api.events.create(planned.input)
    await ruth.api.events.rsvp({ eventId: event.id, status: 'attending' })
    const moved = eventAt(3 * 24, planned.input.title)
    await host.api.events.update({ ...moved.input, eventId: event.id })

    const runner = runnerAt(new Date(moved.dayBefore.getTime() - 60_000))
    try {
      await runner.drain()
      expect(await told([ruth], 'reminder', event.id)).toEqual([])
      runner.set(moved.dayBefore)
      await runner.drain()
      expect(await told([ruth], 'reminder', event.id)).toHaveLength(1)
      runner.set(planned.dayBefore)
      await runner.drain()
      expect(await told([ruth], 'reminder', event.id)).toHaveLength(1)
    } finally {
      await runner.stop()
    }
  })

  it('follows the event moved later: nothing at the old day before, the reminder at the new one', async () => {
    const host = await h.member({ firstName: 'Deborah' })
    const ruth = await h.member({ firstName: 'Ruth' })
    const planned = eventAt(3 * 24)
    const { event } = await host.api.events.create(planned.input)
    await ruth.api.events.rsvp({ eventId: event.id, status: 'attending' })
    const moved = eventAt(5 * 24, planned.input.title)
    await host.api.events.update({ ...moved.input, eventId: event.id })

    const runner = runnerAt(planned.dayBefore)
    try {
      await runner.drain()
      expect(await told([ruth], 'reminder', event.id)).toEqual([])
      runner.set(moved.dayBefore)
      await runner.drain()
      expect(await told([ruth], 'reminder', event.id)).toHaveLength(1)
    } finally {
      await runner.stop()
    }
  })

  it('is not sent late: moved to start within a day, no reminder comes', async () => {
    const host = await h.member({ firstName: 'Deborah' })
    const ruth = await h.member({ firstName: 'Ruth' })
    const planned = eventAt(5 * 24)
    const { event } = await host.api.events.create(planned.input)
    await ruth.api.events.rsvp({ eventId: event.id, status: 'attending' })
    await away(ruth)
    const moved = eventAt(12, planned.input.title)
    await host.api.events.update({ ...moved.input, eventId: event.id })

    const runner = runnerAt(new Date())
    try {
      for (const at of [new Date(), new Date(moved.startsAt.getTime() - 60_000), planned.dayBefore]) {
        runner.set(at)
        await runner.drain()
      }
      expect(await told([ruth], 'reminder', event.id)).toEqual([])
      expect(await mailTo(ruth, `Tomorrow: ${planned.input.title}`)).toEqual([])
    } finally {
      await runner.stop()
    }
  })
})

describe('a cancelled event', () => {
  it('tells each attendee but the organizer, and emails those away who want reminders; no reminder follows', async () => {
    const host = await h.member({ firstName: 'Deborah' })
    const ruth = await h.member({ firstName: 'Ruth' })
    const naomi = await h.member({ firstName: 'Naomi' })
    const orpah = await h.member({ firstName: 'Orpah' })
    const boaz = await h.member({ firstName: 'Boaz' })
    const planned = eventAt(5 * 24)
    const { event } = await host.api.events.create(planned.input)
    for (const member of [ruth, naomi, orpah]) await member.api.events.rsvp({ eventId: event.id, status: 'attending' })
    await boaz.api.events.rsvp({ eventId: event.id, status: 'interested' })
    await orpah.api.account.setNotificationPreferences({
      matchEmails: true,
      interestEmails: true,
      reminderEmails: false,
      messageEmails: 'digest',
    })
    await away(ruth)
    await away(orpah)
    // Naomi is here: she is told in the app only.
    await host.api.events.cancel({ eventId: event.id })

    const cancelled = await told([host, ruth, naomi, orpah, boaz], 'event_cancelled', event.id)
    expect(cancelled.map((row) => row.userId).sort()).toEqual([ruth.user.id, naomi.user.id, orpah.user.id].sort())
    expect(cancelled.every((row) => row.actorId === host.user.id)).toBe(true)
    expect((await ruth.api.notifications.list({})).notifications[0]).toMatchObject({ type: 'event_cancelled' })

    const runner = runnerAt(new Date())
    try {
      await runner.drain()
      const subject = `Cancelled: ${planned.input.title}`
      const [mail, ...more] = await mailTo(ruth, subject)
      expect(more).toEqual([])
      expect(mail!.text).toContain(planned.input.title)
      expect(mail!.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(true)
      for (const member of [host, naomi, orpah, boaz]) expect(await mailTo(member, subject)).toEqual([])

      runner.set(planned.dayBefore)
      await runner.drain()
      expect(await told([host, ruth, naomi, orpah], 'reminder', event.id)).toEqual([])
    } finally {
      await runner.stop()
    }
  })
})
