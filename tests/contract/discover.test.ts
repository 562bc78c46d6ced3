import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { profiles } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { COMPLETE_PROFILE_FIRST, DISCOVER_PAGE_SIZE, STALE_CURSOR } from '#server/services/discover.ts'
import { ageRangeFilterOptions, denominationFilterOptions, locationFilterOptions } from '#shared/content/preferences.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, completeProfile, type Harness, MANY_MEMBERS, type Member, refusal, setLastActive } from '#tests/support/members.ts'

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

const ids = (result: { profiles: { userId: string }[] }) => result.profiles.map((profile) => profile.userId).sort()
const idsOf = (...members: Member[]) => members.map((member) => member.user.id).sort()

describe('a visitor', () => {
  it('is UNAUTHORIZED on discover and on a member profile', async () => {
    const { api } = h.caller()
    expect((await refusal(api.members.discover({}))).code).toBe('UNAUTHORIZED')
    expect((await refusal(api.members.byId({ userId: 'anyone' }))).code).toBe('UNAUTHORIZED')
  })
})

describe('discover', () => {
  it('asks for a complete profile first (gender, birth date and place)', async () => {
    const member = await h.member()
    let error = await refusal(member.api.members.discover({}))
    expect(error.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(error)).toBe(COMPLETE_PROFILE_FIRST)
    await member.api.profile.update({ gender: 'woman', city: 'Nashville', state: 'TN', country: 'US' })
    error = await refusal(member.api.members.discover({}))
    expect(publicErrorMessage(error)).toBe(COMPLETE_PROFILE_FIRST)
    await completeProfile(member, { gender: 'woman' })
    await expect(member.api.members.discover({})).resolves.toEqual({ profiles: [], nextCursor: null })
  })

  it('pairs a woman with men and a man with women, never showing the member themself', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const naomi = await completeMember(h, { gender: 'woman', firstName: 'Naomi' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    const obed = await completeMember(h, { gender: 'man', firstName: 'Obed' })
    expect(ids(await ruth.api.members.discover({}))).toEqual(idsOf(boaz, obed))
    expect(ids(await naomi.api.members.discover({}))).toEqual(idsOf(boaz, obed))
    expect(ids(await boaz.api.members.discover({}))).toEqual(idsOf(ruth, naomi))
  })

  it("returns exactly the spec's Profile fields: no birth date, coordinates, email or distance", async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await h.member({ firstName: 'Boaz' })
    await completeProfile(boaz, {
      gender: 'man',
      age: 34,
      city: 'Franklin',
      denomination: 'seventh-day-adventist',
      bio: 'Farmer in Bethlehem.',
    })
    await h.db.update(profiles).set({ isVerified: true }).where(eq(profiles.userId, boaz.user.id))

    const { profiles: found } = await ruth.api.members.discover({})
    expect(found).toEqual([
      {
        id: expect.any(String),
        userId: boaz.user.id,
        age: 34,
        bio: 'Farmer in Bethlehem.',
        location: 'Franklin, Tennessee',
        denomination: 'seventh-day-adventist',
        isVerified: true,
        user: { firstName: 'Boaz', profileImageUrl: null },
        reasons: [expect.stringMatching(/^1\d miles away$/), 'Verified'],
      },
    ])
  })

  it('leaves out members with an incomplete profile', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const noPlace = await h.member()
    await noPlace.api.profile.update({ gender: 'man', birthDate: '1990-01-01' })
    const noBirthDate = await h.member()
    await noBirthDate.api.profile.update({ gender: 'man', city: 'Nashville', state: 'TN', country: 'US' })
    expect((await ruth.api.members.discover({})).profiles).toEqual([])
  })
})

describe('discover exclusions', () => {
  it('leaves out members the member already liked', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const obed = await completeMember(h, { gender: 'man' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    expect(ids(await ruth.api.members.discover({}))).toEqual(idsOf(obed))
    // Being liked does not hide the liker from the one they liked.
    expect(ids(await boaz.api.members.discover({}))).toEqual(idsOf(ruth))
  })

  it('leaves out members blocked in either direction, at once', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const obed = await completeMember(h, { gender: 'man' })
    await ruth.api.safety.block({ userId: boaz.user.id })
    expect(ids(await ruth.api.members.discover({}))).toEqual(idsOf(obed))
    expect(ids(await boaz.api.members.discover({}))).toEqual([])

    await obed.api.safety.block({ userId: ruth.user.id })
    expect(ids(await ruth.api.members.discover({}))).toEqual([])
    expect(ids(await obed.api.members.discover({}))).toEqual([])

    await ruth.api.safety.unblock({ userId: boaz.user.id })
    expect(ids(await ruth.api.members.discover({}))).toEqual(idsOf(boaz))
  })

  it('leaves out paused accounts until they resume, and deleted accounts for good', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const obed = await completeMember(h, { gender: 'man' })
    await boaz.api.account.pause()
    expect(ids(await ruth.api.members.discover({}))).toEqual(idsOf(obed))
    await boaz.api.account.resume()
    expect(ids(await ruth.api.members.discover({}))).toEqual(idsOf(boaz, obed))
    await obed.api.account.remove()
    expect(ids(await ruth.api.members.discover({}))).toEqual(idsOf(boaz))
  })
})

describe('discover filters', () => {
  it('filters by each age range, at its edges', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const byAge = new Map<number, Member>()
    for (const age of [18, 25, 26, 35, 36, 45, 46, 80]) byAge.set(age, await completeMember(h, { gender: 'man', age }))
    const expected: Record<string, number[]> = {
      '18-25': [18, 25],
      '26-35': [26, 35],
      '36-45': [36, 45],
      '46+': [46, 80],
    }
    for (const option of ageRangeFilterOptions) {
      const result = await ruth.api.members.discover({ ageMin: option.min, ageMax: option.max })
      expect(ids(result), option.value).toEqual(idsOf(...expected[option.value]!.map((age) => byAge.get(age)!)))
      expect(result.profiles.every((profile) => profile.age >= option.min && profile.age <= option.max)).toBe(true)
    }
    expect(ids(await ruth.api.members.discover({ ageMin: 30 }))).toEqual(idsOf(...[35, 36, 45, 46, 80].map((age) => byAge.get(age)!)))
    expect(ids(await ruth.api.members.discover({ ageMax: 25 }))).toEqual(idsOf(byAge.get(18)!, byAge.get(25)!))
  })

  it('filters by each denomination option, and "any" shows all', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const adventist = await completeMember(h, { gender: 'man', denomination: 'seventh-day-adventist' })
    const baptist = await completeMember(h, { gender: 'man', denomination: 'baptist' })
    const nonDenominational = await completeMember(h, { gender: 'man', denomination: 'non-denominational' })
    const catholic = await completeMember(h, { gender: 'man', denomination: 'catholic' })
    const expected: Record<string, Member[]> = {
      'seventh-day-adventist': [adventist],
      baptist: [baptist],
      'non-denominational': [nonDenominational],
      any: [adventist, baptist, nonDenominational, catholic],
    }
    for (const option of denominationFilterOptions) {
      expect(ids(await ruth.api.members.discover({ denomination: option.value })), option.value).toEqual(idsOf(...expected[option.value]!))
    }
  })

  it('filters by each location option from city-centre distances', async () => {
    const ruth = await completeMember(h, { gender: 'woman' }) // Nashville, TN
    const nashville = await completeMember(h, { gender: 'man' }) // 0 miles
    const belleMeade = await completeMember(h, { gender: 'man', city: 'Belle Meade' }) // about 6 miles
    const franklin = await completeMember(h, { gender: 'man', city: 'Franklin' }) // about 17 miles
    const franklinKy = await completeMember(h, { gender: 'man', city: 'Franklin', state: 'KY' }) // about 40 miles, another state
    const knoxville = await completeMember(h, { gender: 'man', city: 'Knoxville' }) // about 160 miles
    const atlanta = await completeMember(h, { gender: 'man', city: 'Atlanta', state: 'GA' }) // about 215 miles
    const toronto = await completeMember(h, { gender: 'man', city: 'Toronto', state: 'ON', country: 'CA' })
    const expected: Record<string, Member[]> = {
      'within-10': [nashville, belleMeade],
      'within-50': [nashville, belleMeade, franklin, franklinKy],
      'same-state': [nashville, belleMeade, franklin, knoxville],
      anywhere: [nashville, belleMeade, franklin, franklinKy, knoxville, atlanta, toronto],
    }
    for (const option of locationFilterOptions) {
      expect(ids(await ruth.api.members.discover({ location: option.value })), option.value).toEqual(idsOf(...expected[option.value]!))
    }
  })

  it('combines filters', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const match = await completeMember(h, { gender: 'man', age: 30, denomination: 'seventh-day-adventist', city: 'Franklin' })
    await completeMember(h, { gender: 'man', age: 40, denomination: 'seventh-day-adventist', city: 'Franklin' })
    await completeMember(h, { gender: 'man', age: 30, denomination: 'baptist', city: 'Franklin' })
    await completeMember(h, { gender: 'man', age: 30, denomination: 'seventh-day-adventist', city: 'Knoxville' })
    const result = await ruth.api.members.discover({ ageMin: 26, ageMax: 35, denomination: 'seventh-day-adventist', location: 'within-50' })
    expect(ids(result)).toEqual(idsOf(match))
  })

  it('refuses filters outside the options with a readable message', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const cases: [Parameters<typeof ruth.api.members.discover>[0], string][] = [
      [{ ageMin: 17 }, 'Please choose an age between 18 and 100'],
      [{ ageMax: 101 }, 'Please choose an age between 18 and 100'],
      [{ ageMin: 40, ageMax: 30 }, 'Please choose a minimum age below the maximum age'],
      [{ location: 'next-door' as never }, 'Please choose a location filter'],
      [{ denomination: "' OR 1=1--" as never }, 'Please choose a denomination'],
    ]
    for (const [filter, message] of cases) {
      const error = await refusal(ruth.api.members.discover(filter))
      expect(error.code).toBe('BAD_REQUEST')
      expect(publicErrorMessage(error)).toBe(message)
    }
    expect(publicErrorMessage(await refusal(ruth.api.members.discover({ cursor: 'not-a-cursor' })))).toBe(STALE_CURSOR)
    // A cursor is sent back by the client: one that names a radius no first page chose (here the size of
    // the universe, which would walk the map for ever) is refused like any other that does not fit.
    const window = { radius: 1e18, nearFrom: null, activeFrom: [0, 'a'] }
    const forged = Buffer.from(JSON.stringify({ window, ranked: null, rest: null, spotlighted: [] })).toString('base64url')
    expect(publicErrorMessage(await refusal(ruth.api.members.discover({ cursor: forged })))).toBe(STALE_CURSOR)
  })
})

describe('discover pages', () => {
  it('pages with an opaque cursor, without repeats or gaps, and a like on page one does not shift page two', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const now = Date.now()
    const men: Member[] = []
    for (let i = 0; i < DISCOVER_PAGE_SIZE + 6; i++) {
      const man = await completeMember(h, { gender: 'man', firstName: `Man${i}` })
      // One a day apart: man 0 the most recent.
      await setLastActive(h, man, new Date(now - i * 86_400_000 - 60_000))
      men.push(man)
    }
    const first = await ruth.api.members.discover({})
    expect(first.profiles).toHaveLength(DISCOVER_PAGE_SIZE)
    // All else equal, the member here today comes first.
    expect(first.profiles[0]?.userId).toBe(men[0]!.user.id)
    expect(first.nextCursor).toEqual(expect.any(String))

    await ruth.api.likes.create({ receiverId: first.profiles[3]!.userId })
    const second = await ruth.api.members.discover({ cursor: first.nextCursor })
    expect(second.nextCursor).toBeNull()
    const seen = [...first.profiles, ...second.profiles].map((profile) => profile.userId)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.sort()).toEqual(idsOf(...men))
  })

  it('answers 429 with Retry-After to a member paging faster than a person browses', async () => {
    const tight = await contractHarness({ ...MANY_MEMBERS, BROWSE_REQUESTS_PER_MINUTE: '3' })
    try {
      const ruth = await tight.member()
      await completeProfile(ruth, { gender: 'woman' })
      for (let i = 0; i < 3; i++) await ruth.api.members.discover({})
      const error = await refusal(ruth.api.members.discover({}))
      expect(error.code).toBe('TOO_MANY_REQUESTS')
      expect(ruth.headers.find(([name]) => name === 'Retry-After')?.[1]).toMatch(/^\d+$/)
    } finally {
      tight.close()
    }
  })
})

describe('a member profile (members.byId)', () => {
  it('shows photos, faith details, a distance bucket and where the two stand; nothing private', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await h.member({ firstName: 'Boaz', lastName: 'Ephrathite' })
    await boaz.api.profile.update({
      gender: 'man',
      birthDate: '1990-03-04',
      city: 'Franklin',
      state: 'TN',
      country: 'US',
      denomination: 'seventh-day-adventist',
      isSabbathKeeper: true,
      faithJourney: 'raised_in_the_faith',
      churchName: 'Bethlehem SDA',
      spiritualGifts: 'Generosity',
      bio: 'Farmer.',
    })
    const profile = await ruth.api.members.byId({ userId: boaz.user.id })
    expect(profile).toEqual({
      id: expect.any(String),
      userId: boaz.user.id,
      firstName: 'Boaz',
      age: expect.any(Number),
      city: 'Franklin',
      location: 'Franklin, Tennessee',
      distance: 'within-50',
      denomination: 'seventh-day-adventist',
      isSabbathKeeper: true,
      faithJourney: 'raised_in_the_faith',
      spiritualGifts: 'Generosity',
      churchName: 'Bethlehem SDA',
      bio: 'Farmer.',
      isVerified: false,
      isChurchVouched: false,
      profileImageUrl: null,
      photos: [],
      prompts: [],
      relationship: { liked: false, interestSent: false, matchId: null, conversationId: null },
    })
    const text = JSON.stringify(profile)
    for (const secret of ['Ephrathite', '1990-03-04', boaz.email, 'latitude', 'longitude']) expect(text).not.toContain(secret)

    await ruth.api.likes.create({ receiverId: boaz.user.id })
    const { matchId, conversationId } = await boaz.api.likes.create({ receiverId: ruth.user.id })
    expect((await ruth.api.members.byId({ userId: boaz.user.id })).relationship).toEqual({
      liked: true,
      interestSent: false,
      matchId,
      conversationId,
    })
  })

  it('is NOT_FOUND for a blocked (either way), paused, same-gender or unknown member', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const naomi = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const obed = await completeMember(h, { gender: 'man' })
    const jesse = await completeMember(h, { gender: 'man' })
    await ruth.api.safety.block({ userId: boaz.user.id })
    await obed.api.safety.block({ userId: ruth.user.id })
    await jesse.api.account.pause()
    for (const userId of [boaz.user.id, obed.user.id, jesse.user.id, naomi.user.id, 'no-such-member']) {
      expect((await refusal(ruth.api.members.byId({ userId }))).code).toBe('NOT_FOUND')
    }
    expect((await refusal(boaz.api.members.byId({ userId: ruth.user.id }))).code).toBe('NOT_FOUND')
    // Their own profile, as others see it.
    expect((await ruth.api.members.byId({ userId: ruth.user.id })).userId).toBe(ruth.user.id)
    await jesse.api.account.resume()
    expect((await ruth.api.members.byId({ userId: jesse.user.id })).userId).toBe(jesse.user.id)
  })

  it('tells apart the distance buckets without giving a number', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const places: [Member, string][] = [
      [await completeMember(h, { gender: 'man', city: 'Belle Meade' }), 'within-10'],
      [await completeMember(h, { gender: 'man', city: 'Franklin', state: 'KY' }), 'within-50'],
      [await completeMember(h, { gender: 'man', city: 'Knoxville' }), 'same-state'],
      [await completeMember(h, { gender: 'man', city: 'Atlanta', state: 'GA' }), 'farther'],
    ]
    for (const [member, bucket] of places) expect((await ruth.api.members.byId({ userId: member.user.id })).distance).toBe(bucket)
  })
})
