import { TRPCError } from '@trpc/server'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventRsvps, events, userAchievements } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { seedCommunity } from '#server/seed/community.ts'
import { communityEventSeeds } from '#server/seed/community-events.ts'
import { EVENT_FULL, EVENTS_PER_DAY, EVENTS_PER_DAY_REACHED, NOT_ORGANIZER } from '#server/services/events.ts'
import type { UpdateEventInput } from '#shared/schemas/events.ts'
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

/** `YYYY-MM-DDTHH:mm` as a wall clock in UTC, `days` from now at `hour`. */
function localInDays(days: number, hour: number, minute = 0): string {
  const date = new Date(Date.now() + days * 86_400_000)
  date.setUTCHours(hour, minute, 0, 0)
  return date.toISOString().slice(0, 16)
}

/** Every field of an event, as an edit must name them all. */
function eventInput(overrides: Partial<UpdateEventInput> = {}): Omit<UpdateEventInput, 'eventId'> {
  return {
    title: 'Psalms Study Night',
    description: 'Reading Psalm 23 together.',
    eventType: 'study',
    churchName: 'Grace Chapel',
    location: '12 Elm Street',
    city: 'Nashville',
    state: 'TN',
    startDateTime: localInDays(5, 18),
    endDateTime: localInDays(5, 20),
    timeZone: 'UTC',
    maxAttendees: 10,
    isSabbathEvent: false,
    denominationSpecific: null,
    circleOnly: false,
    ...overrides,
  }
}

/** What was earned, leaving out seasonal badges (a test run in December also earns Christmas Joy). */
const yearRound = (earned: { name: string; category: string }[]) =>
  earned
    .filter((a) => a.category !== 'seasonal')
    .map((a) => a.name)
    .sort()

let h: Harness
beforeAll(async () => {
  h = await contractHarness()
})
afterAll(() => h.close())

async function attendingRows(eventId: string) {
  const [row] = await h.db
    .select({ n: count() })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'attending')))
  return row?.n ?? 0
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on every event procedure and writes nothing', async () => {
    const { api } = h.caller()
    const calls = [
      api.events.list({}),
      api.events.byId({ eventId: 'some-event' }),
      api.events.create(eventInput()),
      api.events.update({ ...eventInput(), eventId: 'some-event' }),
      api.events.cancel({ eventId: 'some-event' }),
      api.events.rsvp({ eventId: 'some-event', status: 'attending' }),
      api.events.withdrawRsvp({ eventId: 'some-event' }),
    ]
    for (const call of calls) expect((await refusal(call)).code).toBe('UNAUTHORIZED')
    const [row] = await h.db.select({ n: count() }).from(events)
    expect(row?.n).toBe(0)
  })
})

describe('the seeded community events', () => {
  it('are upcoming, hosted by churches, with counts from real RSVPs; seeding twice adds nothing', async () => {
    const local = await contractHarness()
    try {
      const first = await seedCommunity(local.db)
      expect(first.events).toBe(communityEventSeeds.length)
      expect((await seedCommunity(local.db)).events).toBe(0)
      const member = await local.member()
      const list = await member.api.events.list({})
      expect(list).toHaveLength(communityEventSeeds.length)
      const starts = list.map((event) => event.startDateTime)
      expect(starts).toEqual([...starts].sort())
      for (const event of list) {
        expect(new Date(event.startDateTime).getTime()).toBeGreaterThan(Date.now())
        expect(event.organizerName).not.toBe('')
        expect(event.currentAttendees).toBe(0)
        expect(event.myRsvp).toBeNull()
      }
      expect(new Set(list.map((event) => event.eventType))).toEqual(new Set(['potluck', 'service', 'study', 'retreat', 'social']))
      expect(list.some((event) => event.isSabbathEvent)).toBe(true)
    } finally {
      local.close()
    }
  })
})

describe('events.create', () => {
  it('stores the wall-clock times of the member’s zone as instants, with the organizer holding the first seat', async () => {
    const member = await h.member({ firstName: 'Lydia' })
    const { event, earned } = await member.api.events.create(
      eventInput({ timeZone: 'America/Chicago', startDateTime: '2030-07-06T18:30', endDateTime: '2030-07-06T21:00', maxAttendees: 12 }),
    )
    expect(event).toMatchObject({
      title: 'Psalms Study Night',
      eventType: 'study',
      churchName: 'Grace Chapel',
      location: '12 Elm Street',
      city: 'Nashville',
      state: 'TN',
      // 18:30 CDT is 23:30 UTC.
      startDateTime: '2030-07-06T23:30:00.000Z',
      endDateTime: '2030-07-07T02:00:00.000Z',
      timeZone: 'America/Chicago',
      maxAttendees: 12,
      currentAttendees: 1,
      spotsLeft: 11,
      isSabbathEvent: false,
      denominationSpecific: null,
      organizerName: 'Lydia',
      isOrganizer: true,
      isCancelled: false,
      myRsvp: 'attending',
    })
    expect(event.attendeeProfiles).toEqual([{ id: member.user.id, name: 'Lydia', photo: null }])
    expect(yearRound(earned)).toEqual(['Fellowship Seeker', 'Servant Host'])
  })

  it.each([
    ['a short title', { title: 'Hi' }, 'Please give your event a title of at least 3 characters'],
    [
      'a start in the past',
      { startDateTime: localInDays(-1, 10), endDateTime: localInDays(-1, 12) },
      'Please choose a start time in the future',
    ],
    [
      'an end before the start',
      { startDateTime: localInDays(3, 12), endDateTime: localInDays(3, 11) },
      'The event must end after it starts',
    ],
    ['a capacity of one', { maxAttendees: 1 }, 'Please allow at least 2 attendees'],
    ['an unknown type', { eventType: 'party' as never }, 'Please choose the kind of event'],
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, 'Please choose a valid time zone'],
    ['a missing church', { churchName: '  ' }, 'Please enter the church or ministry hosting the event'],
  ])('refuses %s with a readable message', async (_case, overrides, message) => {
    const member = await h.member()
    const error = await refusal(member.api.events.create(eventInput(overrides)))
    expect(error.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(error)).toBe(message)
  })

  it(`allows ${EVENTS_PER_DAY} events a day per member, so the list cannot be flooded nor the hosting badges farmed`, async () => {
    const organizer = await h.member()
    for (let i = 0; i < EVENTS_PER_DAY; i++) await organizer.api.events.create(eventInput({ title: `Prayer Breakfast ${i + 1}` }))
    const refused = await refusal(organizer.api.events.create(eventInput({ title: 'One Too Many' })))
    expect(refused.code).toBe('TOO_MANY_REQUESTS')
    expect(publicErrorMessage(refused)).toBe(EVENTS_PER_DAY_REACHED)
    expect((await organizer.api.events.list({ type: 'all' })).map((event) => event.title)).not.toContain('One Too Many')
    // Another member is not held back by it.
    await expect((await h.member()).api.events.create(eventInput({ title: 'One Too Many' }))).resolves.toBeDefined()
  })

  it('keeps markup as text', async () => {
    const member = await h.member()
    const { event } = await member.api.events.create(eventInput({ title: '<img src=x onerror=alert(1)>' }))
    expect(event.title).toBe('<img src=x onerror=alert(1)>')
  })
})

describe('events.list filters', () => {
  let member: Member
  beforeAll(async () => {
    member = await h.member()
    await member.api.events.create(eventInput({ title: 'Filter Potluck', eventType: 'potluck', isSabbathEvent: true }))
    await member.api.events.create(eventInput({ title: 'Filter Retreat', eventType: 'retreat' }))
  })

  it.each([
    ['potluck', (e: { eventType: string }) => e.eventType === 'potluck'],
    ['retreat', (e: { eventType: string }) => e.eventType === 'retreat'],
    ['sabbath', (e: { isSabbathEvent: boolean }) => e.isSabbathEvent],
  ] as const)('%s lists only matching events', async (type, matches) => {
    const list = await member.api.events.list({ type })
    expect(list.length).toBeGreaterThan(0)
    for (const event of list) expect(matches(event as never)).toBe(true)
  })

  it('all (the default) lists every upcoming event, and an unknown filter is refused', async () => {
    const titles = (await member.api.events.list({})).map((e) => e.title)
    expect(titles).toEqual(expect.arrayContaining(['Filter Potluck', 'Filter Retreat']))
    expect((await refusal(member.api.events.list({ type: 'party' as never }))).code).toBe('BAD_REQUEST')
  })

  it('leaves out events that have ended', async () => {
    const { event } = await member.api.events.create(eventInput({ title: 'Already Over' }))
    await h.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 7200_000), endsAt: new Date(Date.now() - 3600_000) })
      .where(eq(events.id, event.id))
    expect((await member.api.events.list({})).map((e) => e.title)).not.toContain('Already Over')
  })
})

describe('RSVP', () => {
  it('switches between interested and attending, counts from rows, and withdraws', async () => {
    const organizer = await h.member()
    const guest = await h.member({ firstName: 'Priscilla' })
    const { event } = await organizer.api.events.create(eventInput())

    const interested = await guest.api.events.rsvp({ eventId: event.id, status: 'interested' })
    expect(interested.event).toMatchObject({ myRsvp: 'interested', currentAttendees: 1, interestedCount: 1 })

    const attending = await guest.api.events.rsvp({ eventId: event.id, status: 'attending' })
    expect(attending.event).toMatchObject({ myRsvp: 'attending', currentAttendees: 2, interestedCount: 0 })
    expect(attending.event.attendeeProfiles.map((a) => a.name)).toEqual(['Ruth', 'Priscilla'])
    expect(yearRound(attending.earned)).toEqual(['Fellowship Seeker'])

    const again = await guest.api.events.rsvp({ eventId: event.id, status: 'attending' })
    expect(again.event.currentAttendees).toBe(2)
    expect(yearRound(again.earned)).toEqual([])

    const back = await guest.api.events.rsvp({ eventId: event.id, status: 'interested' })
    expect(back.event).toMatchObject({ myRsvp: 'interested', currentAttendees: 1, interestedCount: 1 })

    const withdrawn = await guest.api.events.withdrawRsvp({ eventId: event.id })
    expect(withdrawn).toMatchObject({ myRsvp: null, currentAttendees: 1, interestedCount: 0 })
    // The organizer sees the same counts, with their own choice.
    expect(await organizer.api.events.byId({ eventId: event.id })).toMatchObject({ myRsvp: 'attending', currentAttendees: 1 })
  })

  it('shows no attendee blocked either way or paused, and keeps their seat in the count', async () => {
    const organizer = await h.member({ firstName: 'Lois' })
    const blocked = await h.member({ firstName: 'Jezebel' })
    const blocker = await h.member({ firstName: 'Nabal' })
    const paused = await h.member({ firstName: 'Eunice' })
    const { event } = await organizer.api.events.create(eventInput())
    for (const guest of [blocked, blocker, paused]) await guest.api.events.rsvp({ eventId: event.id, status: 'attending' })
    await organizer.api.safety.block({ userId: blocked.user.id })
    await blocker.api.safety.block({ userId: organizer.user.id })
    await paused.api.account.pause()

    const seen = await organizer.api.events.byId({ eventId: event.id })
    expect(seen.attendeeProfiles.map((attendee) => attendee.name)).toEqual(['Lois'])
    expect(seen.currentAttendees).toBe(4)
    // A paused member still sees themselves among those coming.
    expect((await paused.api.events.byId({ eventId: event.id })).attendeeProfiles.map((attendee) => attendee.name)).toContain('Eunice')
  })

  it('refuses an unknown event with NOT_FOUND', async () => {
    const member = await h.member()
    expect((await refusal(member.api.events.rsvp({ eventId: 'no-such-event', status: 'attending' }))).code).toBe('NOT_FOUND')
    expect((await refusal(member.api.events.withdrawRsvp({ eventId: 'no-such-event' }))).code).toBe('NOT_FOUND')
  })

  it('gives the last seat to exactly one of many members racing for it; the rest may still be interested', async () => {
    const organizer = await h.member()
    const { event } = await organizer.api.events.create(eventInput({ maxAttendees: 2 }))
    const racers = await Promise.all(Array.from({ length: 8 }, () => h.member()))
    const results = await Promise.allSettled(racers.map((racer) => racer.api.events.rsvp({ eventId: event.id, status: 'attending' })))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') {
        expect((result.reason as TRPCError).code).toBe('CONFLICT')
        expect(publicErrorMessage(result.reason as TRPCError)).toBe(EVENT_FULL)
      }
    }
    expect(await attendingRows(event.id)).toBe(2)
    const loser = racers[results.findIndex((result) => result.status === 'rejected')]!
    expect((await loser.api.events.rsvp({ eventId: event.id, status: 'interested' })).event).toMatchObject({
      spotsLeft: 0,
      myRsvp: 'interested',
    })
  })

  it('refuses RSVPs to a cancelled event', async () => {
    const organizer = await h.member()
    const guest = await h.member()
    const { event } = await organizer.api.events.create(eventInput())
    await organizer.api.events.cancel({ eventId: event.id })
    const error = await refusal(guest.api.events.rsvp({ eventId: event.id, status: 'interested' }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(error)).toBe('This event has been cancelled.')
  })
})

describe('organizer-only changes', () => {
  it('lets the organizer edit and cancel; another member is FORBIDDEN and changes nothing', async () => {
    const organizer = await h.member()
    const other = await h.member()
    const { event } = await organizer.api.events.create(eventInput())

    const edit = await refusal(other.api.events.update({ ...eventInput({ title: 'Hijacked' }), eventId: event.id }))
    expect(edit.code).toBe('FORBIDDEN')
    expect(publicErrorMessage(edit)).toBe(NOT_ORGANIZER)
    expect((await refusal(other.api.events.cancel({ eventId: event.id }))).code).toBe('FORBIDDEN')
    expect(await organizer.api.events.byId({ eventId: event.id })).toMatchObject({ title: 'Psalms Study Night', isCancelled: false })

    const edited = await organizer.api.events.update({
      ...eventInput({ title: 'Psalms and Proverbs Night', maxAttendees: 20 }),
      eventId: event.id,
    })
    expect(edited).toMatchObject({ title: 'Psalms and Proverbs Night', maxAttendees: 20 })
    const cancelled = await organizer.api.events.cancel({ eventId: event.id })
    expect(cancelled.isCancelled).toBe(true)
    // Cancelling twice is not an error; editing a cancelled event is.
    expect((await organizer.api.events.cancel({ eventId: event.id })).isCancelled).toBe(true)
    expect((await refusal(organizer.api.events.update({ ...eventInput(), eventId: event.id }))).code).toBe('BAD_REQUEST')
  })

  it('lets the organizer edit an event under way until it ends, but not make a new one start in the past', async () => {
    const organizer = await h.member()
    const retreat = eventInput({ title: 'Singles Retreat', startDateTime: localInDays(2, 9), endDateTime: localInDays(4, 17) })
    const { event } = await organizer.api.events.create(retreat)
    // Its first day has begun.
    const begun = { ...retreat, startDateTime: localInDays(-1, 9), endDateTime: localInDays(1, 17) }
    await h.db
      .update(events)
      .set({ startsAt: new Date(`${begun.startDateTime}Z`), endsAt: new Date(`${begun.endDateTime}Z`) })
      .where(eq(events.id, event.id))

    const moved = await organizer.api.events.update({ ...begun, location: 'The lodge by the lake', eventId: event.id })
    expect(moved).toMatchObject({ location: 'The lodge by the lake' })
    const ended = await refusal(organizer.api.events.update({ ...begun, endDateTime: localInDays(-1, 11), eventId: event.id }))
    expect(publicErrorMessage(ended)).toBe('Please choose an end time in the future')
    const late = await refusal(organizer.api.events.create(begun))
    expect(publicErrorMessage(late)).toBe('Please choose a start time in the future')
  })

  it('refuses a capacity below the members already attending', async () => {
    const organizer = await h.member()
    const { event } = await organizer.api.events.create(eventInput({ maxAttendees: 5 }))
    for (const guest of await Promise.all([h.member(), h.member()])) await guest.api.events.rsvp({ eventId: event.id, status: 'attending' })
    const error = await refusal(organizer.api.events.update({ ...eventInput({ maxAttendees: 2 }), eventId: event.id }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(error)).toBe("3 members are already attending, so the capacity can't be lower than 3.")
    expect((await organizer.api.events.update({ ...eventInput({ maxAttendees: 3 }), eventId: event.id })).spotsLeft).toBe(0)
  })

  it('an unknown event is NOT_FOUND', async () => {
    const member = await h.member()
    expect((await refusal(member.api.events.update({ ...eventInput(), eventId: 'no-such-event' }))).code).toBe('NOT_FOUND')
    expect((await refusal(member.api.events.byId({ eventId: 'no-such-event' }))).code).toBe('NOT_FOUND')
  })
})

describe('event achievements', () => {
  it('awards Servant Host once however many events the member organizes', async () => {
    const member = await h.member()
    const first = await member.api.events.create(eventInput())
    const second = await member.api.events.create(eventInput())
    expect(first.earned.map((a) => a.id)).toContain('servant-host')
    expect(yearRound(second.earned)).toEqual([])
    const [row] = await h.db
      .select({ n: count() })
      .from(userAchievements)
      .where(and(eq(userAchievements.userId, member.user.id), eq(userAchievements.achievementId, 'servant-host')))
    expect(row?.n).toBe(1)
  })
})
