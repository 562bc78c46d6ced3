import { and, eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, notifications, sabbathEvents, users } from '#db/schema/index.ts'
import { readUnsubscribeToken, unsubscribeToken } from '#server/auth/unsubscribe-tokens.ts'
import { SABBATH_REMINDER_LEAD_MS } from '#server/jobs/schedules.ts'
import { seedContent } from '#server/seed/content.ts'
import { AWAY_AFTER_MS, isAway } from '#server/services/away.ts'
import { UNSUBSCRIBE_REFUSED } from '#server/services/notification-preferences.ts'
import { nextWeeklyOccurrence } from '#shared/logic/time-zones.ts'
import { localDateTimeToInstant } from '#shared/schemas/events.ts'
import { clockedRunner } from '#tests/support/clocked-runner.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, refusal, setLastActive } from '#tests/support/members.ts'
import { readOutbox } from '#tests/support/smtp.ts'

let h: Harness
beforeAll(async () => {
  h = await contractHarness(MANY_MEMBERS)
  await seedContent(h.db)
})
afterAll(() => h.close())

const runnerAt = (start: Date) => clockedRunner(h, start)

const away = (member: Member) => setLastActive(h, member, new Date(Date.now() - AWAY_AFTER_MS - 60_000))
/** A header line as sent, e.g. `List-Unsubscribe: <…>`. */
const headerLine = (mail: ParsedMail, key: string) =>
  (mail.headerLines.find((line) => line.key === key)?.line ?? '').replace(/\r?\n\s+/g, ' ')
const mailTo = async (member: Member, subject: RegExp) =>
  (await readOutbox(h.config.MAIL_DIR)).filter((mail) => JSON.stringify(mail.to).includes(member.email) && subject.test(mail.subject ?? ''))

describe('notification preferences', () => {
  it('default to emails for matches, interests and reminders and a digest for messages, and are saved per member', async () => {
    const ruth = await h.member()
    const naomi = await h.member()
    expect(await ruth.api.account.notificationPreferences()).toEqual({
      matchEmails: true,
      interestEmails: true,
      reminderEmails: true,
      messageEmails: 'digest',
    })
    const saved = await ruth.api.account.setNotificationPreferences({
      matchEmails: false,
      interestEmails: true,
      reminderEmails: false,
      messageEmails: 'off',
    })
    expect(saved).toEqual({ matchEmails: false, interestEmails: true, reminderEmails: false, messageEmails: 'off' })
    expect(await ruth.api.account.notificationPreferences()).toEqual(saved)
    expect((await naomi.api.account.notificationPreferences()).matchEmails).toBe(true)
  })

  it('are for members only', async () => {
    expect((await refusal(h.caller().api.account.notificationPreferences())).code).toBe('UNAUTHORIZED')
    const input = { matchEmails: true, interestEmails: true, reminderEmails: true, messageEmails: 'digest' as const }
    expect((await refusal(h.caller().api.account.setNotificationPreferences(input))).code).toBe('UNAUTHORIZED')
  })
})

describe('unsubscribe tokens', () => {
  it('turn off exactly the email they name, without a session; a forged or altered token is refused', async () => {
    const ruth = await h.member()
    const token = unsubscribeToken(h.config.APP_SECRET!, ruth.user.id, 'interest')
    expect(readUnsubscribeToken(h.config.APP_SECRET!, token)).toEqual({ userId: ruth.user.id, category: 'interest' })
    expect(await h.caller().api.account.unsubscribe({ token })).toEqual({ category: 'interest' })
    expect(await ruth.api.account.notificationPreferences()).toMatchObject({ interestEmails: false, matchEmails: true })

    const other = await h.member()
    const altered = token.replace(ruth.user.id, other.user.id)
    const recategorised = token.replace('.interest.', '.match.')
    const forged = unsubscribeToken('another-secret-of-at-least-32-characters!!', other.user.id, 'match')
    for (const bad of [altered, recategorised, forged, 'nonsense', `${token}x`]) {
      const error = await refusal(h.caller().api.account.unsubscribe({ token: bad }))
      expect(error.code).toBe('BAD_REQUEST')
      expect(error.message).toBe(UNSUBSCRIBE_REFUSED)
    }
    expect(await other.api.account.notificationPreferences()).toMatchObject({ matchEmails: true })
  })
})

describe('the away decision', () => {
  it('is made from activity recorded in the database, so any process decides alike', async () => {
    const ruth = await h.member()
    expect(await isAway(h.db, ruth.user.id)).toBe(false)
    await away(ruth)
    expect(await isAway(h.db, ruth.user.id)).toBe(true)
    // A socket opened on any process stamps the member active again.
    h.realtime.presence.connect(ruth.user.id)
    await expect.poll(() => isAway(h.db, ruth.user.id)).toBe(false)
    h.realtime.presence.disconnect(ruth.user.id)
  })

  it('emails a new match only to a member who is away and wants it', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    const orpah = await completeMember(h, { gender: 'woman', firstName: 'Orpah' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    await orpah.api.likes.create({ receiverId: boaz.user.id })
    await away(ruth)
    await away(orpah)
    await orpah.api.account.setNotificationPreferences({
      matchEmails: false,
      interestEmails: true,
      reminderEmails: true,
      messageEmails: 'digest',
    })
    await boaz.api.likes.create({ receiverId: ruth.user.id })
    await boaz.api.likes.create({ receiverId: orpah.user.id })
    const runner = runnerAt(new Date())
    await runner.drain()
    await runner.stop()
    const [mail, ...more] = await mailTo(ruth, /You and Boaz matched/)
    expect(more).toEqual([])
    expect(mail!.text).toContain('http://covenant.test/messaging')
    expect(headerLine(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(headerLine(mail!, 'list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <http:\/\/covenant\.test\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
    )
    // Boaz was here (he pressed Like); Orpah turned match emails off.
    expect(await mailTo(boaz, /matched/)).toEqual([])
    expect(await mailTo(orpah, /matched/)).toEqual([])
  })

  it('emails a Thoughtful Interest with its message to a member away', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    await h.db.update(users).set({ plan: 'premium' }).where(eq(users.id, ruth.user.id))
    await away(ruth)
    await boaz.api.interests.create({
      receiverId: ruth.user.id,
      interestType: 'coffee_date',
      message: 'Would you share a coffee after the service on Sabbath?',
      suggestedActivity: 'Coffee after church',
      timePreference: 'sabbath',
    })
    const runner = runnerAt(new Date())
    await runner.drain()
    await runner.stop()
    const [mail] = await mailTo(ruth, /Boaz sent you a Thoughtful Interest/)
    expect(mail!.text).toContain('Would you share a coffee after the service on Sabbath?')
    expect(mail!.text).toContain('Coffee Date')
  })

  it('tells a free member away that someone sent an interest, without who or their words', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    await away(ruth)
    await boaz.api.interests.create({ receiverId: ruth.user.id, interestType: 'coffee_date', message: 'Boaz of Bethlehem here: coffee?' })
    const runner = runnerAt(new Date())
    await runner.drain()
    await runner.stop()
    const [mail] = await mailTo(ruth, /Someone sent you a Thoughtful Interest/)
    expect(mail!.text).toContain('Coffee Date')
    expect(`${mail!.subject} ${mail!.text} ${mail!.html}`).not.toMatch(/Boaz|Bethlehem/)
  })
})

describe('Sabbath reminders', () => {
  /**
   * A gathering whose reminder is still ahead: one starting within the lead time is reminded of at
   * once, which these tests do not mean to look at (they would fail at those hours of the week).
   */
  async function eventWithReminderAhead() {
    const now = Date.now()
    const events = await h.db.select().from(sabbathEvents)
    const ahead = events.find(
      (event) =>
        nextWeeklyOccurrence(event.firstStartsAt, event.hostTimeZone, 0, new Date(now)).getTime() - now > 2 * SABBATH_REMINDER_LEAD_MS,
    )
    return ahead!
  }

  it('fire at their time before the gathering, in the member zone, in the app and by email; not before', async () => {
    const ruth = await h.member({ firstName: 'Ruth' })
    const event = await eventWithReminderAhead()
    const now = new Date()
    await ruth.api.sabbath.setReminder({ eventId: event.id, remind: true, timezone: 'Asia/Tokyo' })
    await away(ruth)
    const startsAt = nextWeeklyOccurrence(event.firstStartsAt, event.hostTimeZone, 0, now)
    const fireAt = new Date(startsAt.getTime() - SABBATH_REMINDER_LEAD_MS)
    const reminders = () =>
      h.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ruth.user.id), eq(notifications.type, 'reminder')))

    const runner = runnerAt(new Date(fireAt.getTime() - 60_000))
    await runner.drain()
    expect(await reminders()).toEqual([])

    runner.set(fireAt)
    await runner.drain()
    expect((await reminders()).map((row) => row.payload)).toEqual([{ sabbathEventId: event.id }])
    const [mail] = await mailTo(ruth, new RegExp(`Reminder: ${event.title}`))
    expect(mail!.subject).toMatch(/GMT\+9/)
    expect(headerLine(mail!, 'list-unsubscribe')).toContain('token=')
    // Next week's is queued.
    const pending = await h.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, 'sabbath-reminder'), eq(jobs.status, 'pending')))
    expect(pending.map((job) => job.runAt.getTime())).toContain(fireAt.getTime() + 7 * 86_400_000)
    await runner.stop()
  })

  it('turned off, nothing fires', async () => {
    const naomi = await h.member({ firstName: 'Naomi' })
    const event = await eventWithReminderAhead()
    await naomi.api.sabbath.setReminder({ eventId: event.id, remind: true, timezone: 'America/Chicago' })
    await naomi.api.sabbath.setReminder({ eventId: event.id, remind: false })
    await away(naomi)
    const startsAt = nextWeeklyOccurrence(event.firstStartsAt, event.hostTimeZone, 0, new Date())
    const runner = runnerAt(startsAt)
    await runner.drain()
    await runner.stop()
    const rows = await h.db.select().from(notifications).where(eq(notifications.userId, naomi.user.id))
    expect(rows.filter((row) => row.type === 'reminder')).toEqual([])
    expect(await mailTo(naomi, /Reminder/)).toEqual([])
  })

  it('Vespers: "Set Reminder" reminds before 6:00 PM on Friday on the member clock, in the app and by email; off, nothing more', async () => {
    const lydia = await h.member({ firstName: 'Lydia' })
    const now = new Date()
    // A zone whose next Friday evening is more than the lead time away, so the reminder is not due at once.
    const [timeZone, startsAt] = ['Asia/Tokyo', 'America/Chicago', 'Europe/London']
      .map((zone) => [zone, nextWeeklyOccurrence(localDateTimeToInstant('2024-01-05T18:00', zone)!, zone, 0, now)] as const)
      .find(([, at]) => at.getTime() - now.getTime() > 2 * SABBATH_REMINDER_LEAD_MS)!
    await lydia.api.sabbath.setProgramSignup({ program: 'vespers', signedUp: true, timezone: timeZone })
    await away(lydia)
    const fireAt = new Date(startsAt.getTime() - SABBATH_REMINDER_LEAD_MS)
    const reminders = async () => (await lydia.api.notifications.list()).notifications.filter((note) => note.type === 'reminder')

    const runner = runnerAt(new Date(fireAt.getTime() - 60_000))
    await runner.drain()
    expect(await reminders()).toEqual([])
    runner.set(fireAt)
    await runner.drain()
    expect(await reminders()).toEqual([
      expect.objectContaining({ event: { id: 'vespers', title: 'Friday Evening Vespers', startsAt, kind: 'sabbath' } }),
    ])
    const [mail] = await mailTo(lydia, /Reminder: Friday Evening Vespers begins Friday at 6:00/)
    expect(mail).toBeDefined()

    // Signed off: next Friday's reminder does not come.
    await lydia.api.sabbath.setProgramSignup({ program: 'vespers', signedUp: false })
    runner.set(new Date(fireAt.getTime() + 7 * 86_400_000))
    await runner.drain()
    await runner.stop()
    expect(await reminders()).toHaveLength(1)
  })
})
