import { TRPCError } from '@trpc/server'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sabbathEventSignups, sabbathProgramSignups, sabbathResourceDownloads } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { seedContent } from '#server/seed/content.ts'
import { formatInTimeZone } from '#shared/logic/time-zones.ts'
import { contractHarness } from '#tests/support/contract.ts'

type Harness = Awaited<ReturnType<typeof contractHarness>>
type Member = Awaited<ReturnType<Harness['member']>>

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCError) return error
    throw error
  }
  throw new Error('expected the call to be refused, but it succeeded')
}

let h: Harness
beforeAll(async () => {
  h = await contractHarness()
  await seedContent(h.db)
})
afterAll(() => h.close())

async function firstEventId(member: Member) {
  const [event] = await member.api.sabbath.events({ timezone: 'UTC' })
  return event!.id
}

async function attendRows(eventId: string) {
  const [row] = await h.db
    .select({ n: count() })
    .from(sabbathEventSignups)
    .where(and(eq(sabbathEventSignups.eventId, eventId), eq(sabbathEventSignups.kind, 'attend')))
  return row?.n ?? 0
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on every Sabbath procedure and writes nothing', async () => {
    const { api } = h.caller()
    const member = await h.member()
    const eventId = await firstEventId(member)
    const [resource] = await member.api.sabbath.resources()
    const calls = [
      api.sabbath.events({ timezone: 'UTC' }),
      api.sabbath.setAttendance({ eventId, attending: true }),
      api.sabbath.setReminder({ eventId, remind: true }),
      api.sabbath.programs(),
      api.sabbath.setProgramSignup({ program: 'vespers', signedUp: true }),
      api.sabbath.resources(),
      api.sabbath.download({ resourceId: resource!.id }),
    ]
    for (const call of calls) expect((await refusal(call)).code).toBe('UNAUTHORIZED')
    const [downloads] = await h.db.select({ n: count() }).from(sabbathResourceDownloads)
    expect(downloads?.n).toBe(0)
  })
})

describe('sabbath.events', () => {
  it('lists the four weekly events with the spec’s fields, soonest first, in the member’s time zone', async () => {
    const member = await h.member()
    const before = Date.now()
    const events = await member.api.sabbath.events({ timezone: 'Asia/Tokyo' })

    const summaries = events
      .map(({ title, type, duration, isOnline }) => ({ title, type, duration, isOnline }))
      .sort((a, b) => a.title.localeCompare(b.title))
    expect(summaries).toEqual([
      { title: 'Friday Evening Singles Study Group', type: 'Study Group', duration: '1 hour 15 minutes', isOnline: true },
      { title: 'Sabbath Fellowship Potluck', type: 'Fellowship', duration: '2.5 hours', isOnline: false },
      { title: 'Sabbath Morning Worship', type: 'Worship Service', duration: '1.5 hours', isOnline: true },
      { title: 'Sabbath School Lesson Study', type: 'Bible Study', duration: '1 hour', isOnline: true },
    ])
    for (const event of events) {
      expect(event).toEqual({
        id: expect.any(String),
        title: expect.any(String),
        type: expect.any(String),
        description: expect.any(String),
        startTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/),
        weekday: expect.stringMatching(/day$/),
        time: expect.stringMatching(/^\d{1,2}:\d{2} (AM|PM)$/),
        timezone: 'GMT+9',
        duration: expect.any(String),
        attendees: 0,
        isOnline: expect.any(Boolean),
        isAttending: false,
        hasReminder: false,
        meetingUrl: null,
        schedule: {
          firstStartsAt: expect.stringMatching(/^2024-01-0[56]T/),
          hostTimeZone: expect.stringMatching(/^America\//),
          durationMinutes: expect.any(Number),
        },
      })
      const start = Date.parse(event.startTime)
      // The next occurrence: not yet over, and within a week.
      expect(start).toBeGreaterThan(before - 3 * 3_600_000)
      expect(start).toBeLessThan(before + 7 * 86_400_000)
      const local = formatInTimeZone(new Date(start), 'Asia/Tokyo')
      expect([event.weekday, event.time]).toEqual([local.weekday, local.time])
    }
    const starts = events.map((event) => event.startTime)
    expect(starts).toEqual([...starts].sort())
  })

  it('shows the same instants in another zone, labelled for that zone', async () => {
    const member = await h.member()
    const tokyo = await member.api.sabbath.events({ timezone: 'Asia/Tokyo' })
    const chicago = await member.api.sabbath.events({ timezone: 'America/Chicago' })
    expect(chicago.map((event) => event.startTime)).toEqual(tokyo.map((event) => event.startTime))
    for (const event of chicago) expect(['CST', 'CDT']).toContain(event.timezone)
  })

  it('reads in UTC when no zone is given, and refuses a zone that does not exist', async () => {
    const member = await h.member()
    const events = await member.api.sabbath.events({})
    expect(new Set(events.map((event) => event.timezone))).toEqual(new Set(['UTC']))

    const error = await refusal(member.api.sabbath.events({ timezone: 'Mars/Olympus_Mons' }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(error)).toBe('Please choose a valid time zone')
  })
})

describe('sabbath.setAttendance', () => {
  it('joins and leaves, idempotently, with the count made of real rows', async () => {
    const ruth = await h.member()
    const naomi = await h.member({ firstName: 'Naomi' })
    const eventId = await firstEventId(ruth)

    expect(await ruth.api.sabbath.setAttendance({ eventId, attending: true })).toEqual({
      eventId,
      attendees: 1,
      isAttending: true,
      hasReminder: false,
      meetingUrl: expect.toBeOneOf([null, expect.stringMatching(/^https:\/\//)]),
    })
    // Joining again changes nothing.
    expect(await ruth.api.sabbath.setAttendance({ eventId, attending: true })).toMatchObject({ attendees: 1, isAttending: true })
    expect(await attendRows(eventId)).toBe(1)

    // Naomi sees Ruth in the count, but not as her own choice.
    const seenByNaomi = (await naomi.api.sabbath.events({ timezone: 'UTC' })).find((event) => event.id === eventId)!
    expect(seenByNaomi).toMatchObject({ attendees: 1, isAttending: false })
    expect(await naomi.api.sabbath.setAttendance({ eventId, attending: true })).toMatchObject({ attendees: 2, isAttending: true })

    const seenByRuth = (await ruth.api.sabbath.events({ timezone: 'UTC' })).find((event) => event.id === eventId)!
    expect(seenByRuth).toMatchObject({ attendees: 2, isAttending: true })

    expect(await ruth.api.sabbath.setAttendance({ eventId, attending: false })).toMatchObject({ attendees: 1, isAttending: false })
    expect(await ruth.api.sabbath.setAttendance({ eventId, attending: false })).toMatchObject({ attendees: 1, isAttending: false })
    expect(await naomi.api.sabbath.setAttendance({ eventId, attending: false })).toMatchObject({ attendees: 0, isAttending: false })
    expect(await attendRows(eventId)).toBe(0)
  })

  it('is NOT_FOUND for an event that does not exist, and writes nothing', async () => {
    const member = await h.member()
    const error = await refusal(member.api.sabbath.setAttendance({ eventId: 'no-such-event', attending: true }))
    expect(error.code).toBe('NOT_FOUND')
    const [row] = await h.db.select({ n: count() }).from(sabbathEventSignups).where(eq(sabbathEventSignups.userId, member.user.id))
    expect(row?.n).toBe(0)
  })
})

describe('meeting links', () => {
  const onlineEvent = async (member: Member) => (await member.api.sabbath.events({ timezone: 'UTC' })).find((event) => event.isOnline)!

  it('are given to a member once they attend an online gathering, and to no one else', async () => {
    const ruth = await h.member()
    const naomi = await h.member({ firstName: 'Naomi' })
    const event = await onlineEvent(ruth)
    expect(event.meetingUrl).toBeNull()

    const joined = await ruth.api.sabbath.setAttendance({ eventId: event.id, attending: true })
    expect(joined.meetingUrl).toMatch(/^https:\/\/(meet|live)\.covenant\.app\//)
    expect((await onlineEvent(ruth)).meetingUrl).toBe(joined.meetingUrl)

    // Another member sees Ruth in the count, but not the link; asking for a reminder does not give it either.
    const seenByNaomi = await onlineEvent(naomi)
    expect(seenByNaomi).toMatchObject({ attendees: 1, isAttending: false, meetingUrl: null })
    expect(await naomi.api.sabbath.setReminder({ eventId: event.id, remind: true })).toMatchObject({ meetingUrl: null })
    expect((await onlineEvent(naomi)).meetingUrl).toBeNull()
    expect(await naomi.api.sabbath.setReminder({ eventId: event.id, remind: false })).toMatchObject({ meetingUrl: null })

    // Leaving takes the link away again.
    expect(await ruth.api.sabbath.setAttendance({ eventId: event.id, attending: false })).toMatchObject({ meetingUrl: null })
    expect((await onlineEvent(ruth)).meetingUrl).toBeNull()
  })

  it('every online gathering has one and the in-person one has none, even for its attendees', async () => {
    const member = await h.member()
    for (const event of await member.api.sabbath.events({ timezone: 'UTC' })) {
      const joined = await member.api.sabbath.setAttendance({ eventId: event.id, attending: true })
      if (event.isOnline) expect(joined.meetingUrl, event.title).toMatch(/^https:\/\//)
      else expect(joined.meetingUrl, event.title).toBeNull()
      await member.api.sabbath.setAttendance({ eventId: event.id, attending: false })
    }
  })
})

describe('sabbath.setReminder', () => {
  it('sets and clears a reminder, independently of attending', async () => {
    const member = await h.member()
    const eventId = await firstEventId(member)

    expect(await member.api.sabbath.setReminder({ eventId, remind: true })).toMatchObject({ hasReminder: true, isAttending: false })
    expect(await member.api.sabbath.setReminder({ eventId, remind: true })).toMatchObject({ hasReminder: true })
    await member.api.sabbath.setAttendance({ eventId, attending: true })
    const shown = (await member.api.sabbath.events({ timezone: 'UTC' })).find((event) => event.id === eventId)!
    expect(shown).toMatchObject({ hasReminder: true, isAttending: true, attendees: 1 })

    expect(await member.api.sabbath.setReminder({ eventId, remind: false })).toMatchObject({ hasReminder: false, isAttending: true })
    expect(await member.api.sabbath.setReminder({ eventId, remind: false })).toMatchObject({ hasReminder: false })
    await member.api.sabbath.setAttendance({ eventId, attending: false })
  })

  it('is NOT_FOUND for an event that does not exist', async () => {
    const member = await h.member()
    expect((await refusal(member.api.sabbath.setReminder({ eventId: 'no-such-event', remind: true }))).code).toBe('NOT_FOUND')
  })
})

describe('sabbath programs', () => {
  it('start unchosen, and each member’s choice is their own, reversible and idempotent', async () => {
    const ruth = await h.member()
    const naomi = await h.member({ firstName: 'Naomi' })
    expect(await ruth.api.sabbath.programs()).toEqual([
      { program: 'vespers', signedUp: false },
      { program: 'quarter-study', signedUp: false },
      { program: 'youth-study', signedUp: false },
    ])

    await ruth.api.sabbath.setProgramSignup({ program: 'vespers', signedUp: true })
    await ruth.api.sabbath.setProgramSignup({ program: 'vespers', signedUp: true })
    await ruth.api.sabbath.setProgramSignup({ program: 'youth-study', signedUp: true })
    const chosen = (list: { program: string; signedUp: boolean }[]) => list.filter((p) => p.signedUp).map((p) => p.program)
    expect(chosen(await ruth.api.sabbath.programs())).toEqual(['vespers', 'youth-study'])
    expect(chosen(await naomi.api.sabbath.programs())).toEqual([])
    const [rows] = await h.db.select({ n: count() }).from(sabbathProgramSignups).where(eq(sabbathProgramSignups.userId, ruth.user.id))
    expect(rows?.n).toBe(2)

    await ruth.api.sabbath.setProgramSignup({ program: 'vespers', signedUp: false })
    await ruth.api.sabbath.setProgramSignup({ program: 'vespers', signedUp: false })
    expect(chosen(await ruth.api.sabbath.programs())).toEqual(['youth-study'])
  })

  it('refuses a program that does not exist', async () => {
    const member = await h.member()
    const error = await refusal(member.api.sabbath.setProgramSignup({ program: 'choir' as never, signedUp: true }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(error)).toBe('Please choose a Sabbath program')
  })
})

describe('sabbath resources and downloads', () => {
  it('lists the three guides with type, read time and a download count', async () => {
    const member = await h.member()
    const resources = await member.api.sabbath.resources()
    expect(resources.map((resource) => resource.type)).toEqual(['Guide', 'Article', 'Activity Guide'])
    for (const resource of resources) {
      expect(resource).toEqual({
        id: expect.any(String),
        title: expect.any(String),
        description: expect.any(String),
        type: expect.any(String),
        fileName: expect.stringMatching(/^[a-z-]+\.txt$/),
        readTime: expect.stringMatching(/^\d+ min read$/),
        downloads: 0,
      })
    }
  })

  it('serves the guide’s text and counts each member’s download once', async () => {
    const ruth = await h.member()
    const naomi = await h.member({ firstName: 'Naomi' })
    const resource = (await ruth.api.sabbath.resources()).find((r) => r.title === 'Preparing for Sabbath: A Friday Checklist')!

    const file = await ruth.api.sabbath.download({ resourceId: resource.id })
    expect(file).toEqual({
      fileName: 'preparing-for-sabbath-friday-checklist.txt',
      contentType: 'text/plain; charset=utf-8',
      content: expect.stringContaining('PREPARING FOR SABBATH: A FRIDAY CHECKLIST'),
    })
    const downloadsOf = async () => (await naomi.api.sabbath.resources()).find((r) => r.id === resource.id)!.downloads
    expect(await downloadsOf()).toBe(1)
    await ruth.api.sabbath.download({ resourceId: resource.id })
    expect(await downloadsOf()).toBe(1)
    await naomi.api.sabbath.download({ resourceId: resource.id })
    expect(await downloadsOf()).toBe(2)

    const [rows] = await h.db
      .select({ n: count() })
      .from(sabbathResourceDownloads)
      .where(eq(sabbathResourceDownloads.resourceId, resource.id))
    expect(rows?.n).toBe(2)
  })

  it('is NOT_FOUND for a guide that does not exist', async () => {
    const member = await h.member()
    expect((await refusal(member.api.sabbath.download({ resourceId: 'no-such-guide' }))).code).toBe('NOT_FOUND')
  })
})

describe('seedContent', () => {
  it('inserts the content once: a second start adds nothing', async () => {
    expect(await seedContent(h.db)).toEqual({ sabbathEvents: 0, sabbathResources: 0, evangelismResources: 0 })
    const member = await h.member()
    expect(await member.api.sabbath.events({ timezone: 'UTC' })).toHaveLength(4)
    expect(await member.api.sabbath.resources()).toHaveLength(3)
  })
})
