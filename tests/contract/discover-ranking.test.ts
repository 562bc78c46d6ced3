import { eq, inArray } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { randomId } from '#db/ids.ts'
import { profiles, users } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { factsOf, memberDirectory } from '#server/services/member-directory.ts'
import { rankCandidate } from '#server/services/relevance.ts'
import { denominationValues, faithJourneys } from '#shared/schemas/profile-options.ts'
import { DEALBREAKER_NEEDS_PREFERENCE, NO_PREFERENCES, type SeekingInput } from '#shared/schemas/seeking.ts'
import { contractHarness } from '#tests/support/contract.ts'
import {
  birthDateYearsAgo,
  completeMember,
  type Harness,
  MANY_MEMBERS,
  type Member,
  refusal,
  setLastActive,
} from '#tests/support/members.ts'

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

const names = (result: { profiles: { user: { firstName: string } }[] }) => result.profiles.map((profile) => profile.user.firstName)
const seeking = (changes: Partial<SeekingInput>): SeekingInput => ({ ...NO_PREFERENCES, ...changes })

/** A Nashville Seventh-day Adventist woman who keeps the Sabbath, as in the issue that asked for ranking. */
const nashvilleAdventist = (firstName: string, gender: 'man' | 'woman', age = 30) =>
  completeMember(h, { gender, firstName, age, denomination: 'seventh-day-adventist', isSabbathKeeper: true })

describe('relevance-ranked Discover', () => {
  it('puts the nearby, compatible members first and says why each is shown', async () => {
    const grace = await nashvilleAdventist('Grace', 'woman')
    const toronto = await completeMember(h, { gender: 'man', firstName: 'Toronto', city: 'Toronto', state: 'ON', country: 'CA' })
    const keene = await completeMember(h, {
      gender: 'man',
      firstName: 'Keene',
      city: 'Keene',
      state: 'TX',
      denomination: 'seventh-day-adventist',
    })
    const baptist = await completeMember(h, { gender: 'man', firstName: 'Baptist', city: 'Belle Meade' })
    const adventist = await nashvilleAdventist('Adventist', 'man', 32)
    const franklin = await completeMember(h, {
      gender: 'man',
      firstName: 'Franklin',
      city: 'Franklin',
      denomination: 'seventh-day-adventist',
      isSabbathKeeper: true,
    })
    // The far members were here most recently: activity alone would put them first.
    const now = Date.now()
    for (const [member, minutesAgo] of [
      [toronto, 1],
      [keene, 2],
      [baptist, 3],
      [franklin, 4],
      [adventist, 5],
    ] as const) {
      await setLastActive(h, member, new Date(now - minutesAgo * 60_000))
    }

    const { profiles: found } = await grace.api.members.discover({})
    expect(found.map((profile) => profile.user.firstName)).toEqual(['Adventist', 'Franklin', 'Baptist', 'Keene', 'Toronto'])
    const reasons = Object.fromEntries(found.map((profile) => [profile.user.firstName, profile.reasons]))
    expect(reasons.Adventist).toEqual(['Both Sabbath keepers', 'Also in Nashville'])
    expect(reasons.Franklin).toEqual(['Both Sabbath keepers', expect.stringMatching(/^1\d miles away$/)])
    expect(reasons.Baptist).toEqual([expect.stringMatching(/^\d miles away$/), 'Active today'])
    expect(reasons.Keene).toEqual(['Both Seventh-day Adventist', 'Active today'])
    expect(reasons.Toronto).toEqual(['Active today'])
  })

  it('ranks the same way on both sides: each of the Nashville pair sees the other first', async () => {
    const grace = await nashvilleAdventist('Grace', 'woman', 29)
    const daniel = await nashvilleAdventist('Daniel', 'man', 31)
    for (let i = 0; i < 4; i++) {
      await completeMember(h, { gender: 'man', firstName: `Far${i}`, city: 'Atlanta', state: 'GA' })
      await completeMember(h, { gender: 'woman', firstName: `Away${i}`, city: 'Leeds', state: 'ENG', country: 'GB' })
    }
    expect(names(await grace.api.members.discover({}))[0]).toBe('Daniel')
    expect(names(await daniel.api.members.discover({}))[0]).toBe('Grace')
  })
})

describe('preferences both ways', () => {
  it('are read and replaced whole, and a dealbreaker needs a preference', async () => {
    const grace = await nashvilleAdventist('Grace', 'woman')
    expect(await grace.api.profile.preferences()).toEqual(NO_PREFERENCES)
    const wanted = seeking({
      ageMin: 28,
      ageMax: 38,
      maxMiles: 50,
      denominations: ['seventh-day-adventist', 'seventh-day-adventist'],
      sabbath: 'keeper',
      dealbreakers: ['sabbath', 'age'],
    })
    expect(await grace.api.profile.setPreferences(wanted)).toEqual({
      ...wanted,
      denominations: ['seventh-day-adventist'],
      dealbreakers: ['age', 'sabbath'],
    })
    expect((await grace.api.profile.preferences()).dealbreakers).toEqual(['age', 'sabbath'])

    const error = await refusal(grace.api.profile.setPreferences(seeking({ dealbreakers: ['denomination'] })))
    expect(error.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(error)).toBe(DEALBREAKER_NEEDS_PREFERENCE.denomination)
    const inverted = await refusal(grace.api.profile.setPreferences(seeking({ ageMin: 40, ageMax: 30 })))
    expect(publicErrorMessage(inverted)).toBe('Please choose a minimum age below the maximum age')
    const odd = await refusal(grace.api.profile.setPreferences(seeking({ maxMiles: 33 as never })))
    expect(publicErrorMessage(odd)).toBe('Please choose a distance')
  })

  it("shows only members who fit the member's dealbreakers and whose dealbreakers the member fits", async () => {
    const grace = await nashvilleAdventist('Grace', 'woman', 30)
    const adventist = await nashvilleAdventist('Adventist', 'man', 33)
    await completeMember(h, { gender: 'man', firstName: 'Sunday', age: 33 })
    await nashvilleAdventist('Older', 'man', 55)
    await completeMember(h, {
      gender: 'man',
      firstName: 'Atlanta',
      city: 'Atlanta',
      state: 'GA',
      denomination: 'seventh-day-adventist',
      isSabbathKeeper: true,
    })
    const picky = await nashvilleAdventist('Picky', 'man', 32)
    const youngOnly = await nashvilleAdventist('YoungOnly', 'man', 31)
    const nearOnly = await completeMember(h, {
      gender: 'man',
      firstName: 'NearOnly',
      city: 'Chattanooga',
      denomination: 'seventh-day-adventist',
      isSabbathKeeper: true,
    })
    // Picky wants a Baptist, YoungOnly someone 25 or under, NearOnly someone within 25 miles.
    await picky.api.profile.setPreferences(seeking({ denominations: ['baptist'], dealbreakers: ['denomination'] }))
    await youngOnly.api.profile.setPreferences(seeking({ ageMax: 25, dealbreakers: ['age'] }))
    await nearOnly.api.profile.setPreferences(seeking({ maxMiles: 25, dealbreakers: ['distance'] }))

    // With no dealbreakers of her own, Grace sees everyone whose dealbreakers she fits.
    expect(names(await grace.api.members.discover({})).sort()).toEqual(['Adventist', 'Atlanta', 'Older', 'Sunday'])
    // Theirs hide her from them too.
    for (const member of [picky, youngOnly, nearOnly]) expect(names(await member.api.members.discover({}))).not.toContain('Grace')
    expect(names(await adventist.api.members.discover({}))).toContain('Grace')

    await grace.api.profile.setPreferences(
      seeking({ ageMin: 28, ageMax: 40, maxMiles: 100, sabbath: 'keeper', dealbreakers: ['age', 'distance', 'sabbath'] }),
    )
    expect(names(await grace.api.members.discover({}))).toEqual(['Adventist'])
    // Softer preferences only rank: the same wishes without dealbreakers hide nobody.
    await grace.api.profile.setPreferences(seeking({ ageMin: 28, ageMax: 40, maxMiles: 100, sabbath: 'keeper' }))
    const ranked = names(await grace.api.members.discover({}))
    expect(ranked.sort()).toEqual(['Adventist', 'Atlanta', 'Older', 'Sunday'])
  })

  it('a member who fits each other both ways is told so', async () => {
    const grace = await nashvilleAdventist('Grace', 'woman', 30)
    const daniel = await completeMember(h, { gender: 'man', firstName: 'Daniel', age: 33, city: 'Atlanta', state: 'GA' })
    await grace.api.profile.setPreferences(seeking({ ageMin: 30, ageMax: 36 }))
    await daniel.api.profile.setPreferences(seeking({ ageMin: 26, ageMax: 32 }))
    expect((await grace.api.members.discover({})).profiles[0]?.reasons).toEqual(['You fit what each other hopes for', 'Active today'])
  })
})

describe('Discover at a larger size', () => {
  /**
   * Many members straight into the tables: the window and what lies past it, without a thousand
   * sign-ups. `vary` changes the profile of the i-th.
   */
  async function seedMen(count: number, vary: (i: number) => Partial<typeof profiles.$inferInsert> = () => ({})) {
    const places = [
      { city: 'Nashville', state: 'TN', latitude: 36.16589, longitude: -86.78444 },
      { city: 'Murfreesboro', state: 'TN', latitude: 35.84562, longitude: -86.39027 },
      { city: 'Knoxville', state: 'TN', latitude: 35.96064, longitude: -83.92074 },
      { city: 'Atlanta', state: 'GA', latitude: 33.749, longitude: -84.38798 },
      { city: 'Dallas', state: 'TX', latitude: 32.78306, longitude: -96.80667 },
    ]
    const now = Date.now()
    const rows = Array.from({ length: count }, (_, i) => ({ i, id: randomId(), place: places[i % places.length]! }))
    for (let start = 0; start < rows.length; start += 200) {
      const chunk = rows.slice(start, start + 200)
      await h.db.insert(users).values(
        chunk.map(({ i, id }) => ({
          id,
          email: `man${i}@example.com`,
          firstName: `Man${i}`,
          lastName: 'Bulk',
          lastActiveAt: new Date(now - i * 3_600_000),
        })),
      )
      await h.db.insert(profiles).values(
        chunk.map(({ i, id, place }) => ({
          userId: id,
          gender: 'man' as const,
          birthDate: birthDateYearsAgo(25 + (i % 15)),
          city: place.city,
          state: place.state,
          country: 'US',
          latitude: place.latitude,
          longitude: place.longitude,
          denomination: i % 3 === 0 ? 'seventh-day-adventist' : 'baptist',
          isSabbathKeeper: i % 3 === 0,
          ...vary(i),
        })),
      )
    }
    return rows.map((row) => row.id)
  }

  async function everyPage(member: Member) {
    const seen: string[] = []
    let cursor: string | null = null
    let first: string[] = []
    do {
      const page: Awaited<ReturnType<typeof member.api.members.discover>> = await member.api.members.discover({ cursor })
      if (seen.length === 0) first = page.profiles.map((profile) => profile.location)
      seen.push(...page.profiles.map((profile) => profile.userId))
      cursor = page.nextCursor
    } while (cursor)
    return { seen, first }
  }

  it('ranks a window of the nearest and most active, then shows everyone else, each once', async () => {
    const men = await seedMen(1500)
    const grace = await nashvilleAdventist('Grace', 'woman')
    const { seen, first } = await everyPage(grace)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.sort()).toEqual([...men].sort())
    // The first page is her city's and the next town's, not the most recently active's (spread over five cities).
    expect(first.every((location) => location === 'Nashville, Tennessee' || location === 'Murfreesboro, Tennessee')).toBe(true)
  })

  it('orders every page exactly as relevance orders the whole pool, though it scores only the members that could place', async () => {
    // Two in three around her city, all active now, and faith, age and church drawn apart from those:
    // compatibility decides between members the rest of relevance ties. A page that stopped scoring
    // too early would show here (stopping 13 points early does; compatibility here stays well below 100).
    const men = await seedMen(400, (i) => ({
      ...(i % 3 === 2 ? {} : { city: 'Nashville', state: 'TN', latitude: 36.16589 + (i % 40) * 0.01, longitude: -86.78444 }),
      denomination: denominationValues[(i * 7) % denominationValues.length],
      isSabbathKeeper: (i * 5) % 7 < 3,
      faithJourney: faithJourneys[(i * 3) % faithJourneys.length],
      churchName: i % 4 === 0 ? '' : 'Grace Chapel',
      birthDate: birthDateYearsAgo(22 + ((i * 11) % 40)),
    }))
    await h.db.update(users).set({ lastActiveAt: new Date() }).where(inArray(users.id, men))
    const grace = await nashvilleAdventist('Grace', 'woman')
    const { seen } = await everyPage(grace)

    const directory = await memberDirectory(h.db)
    const now = new Date()
    const viewer = factsOf(directory.get(grace.user.id)!, now)
    const byRelevance = men
      .map((id) => ({ id, score: rankCandidate(viewer, factsOf(directory.get(id)!, now), now).score }))
      .sort((a, b) => b.score - a.score || (b.id > a.id ? 1 : -1))
    expect(seen).toEqual(byRelevance.map(({ id }) => id))
  })

  it('keeps a dealbreaker across the window and past it', async () => {
    const men = await seedMen(2400)
    const grace = await nashvilleAdventist('Grace', 'woman')
    await grace.api.profile.setPreferences(seeking({ sabbath: 'keeper', dealbreakers: ['sabbath'] }))
    const { seen } = await everyPage(grace)
    expect(seen.sort()).toEqual(men.filter((_, i) => i % 3 === 0).sort())
    const [keeper] = await h.db.select({ keeps: profiles.isSabbathKeeper }).from(profiles).where(eq(profiles.userId, seen[0]!))
    expect(keeper?.keeps).toBe(true)
  })
})
