import { describe, expect, it } from 'vitest'
import type { MemberTraits } from '#server/services/compatibility.ts'
import { meetsDealbreakers, type RankingFacts, RELEVANCE_WEIGHTS, rankCandidate, reasonsToShow } from '#server/services/relevance.ts'
import { type ChoiceQuestion, interviewQuestions } from '#shared/content/interview-questions.ts'
import { NO_PREFERENCES, type Seeking } from '#shared/schemas/seeking.ts'

const now = new Date('2026-11-24T15:00:00Z')
const nashville = { latitude: 36.16589, longitude: -86.78444, state: 'TN', country: 'US' }
const franklin = { latitude: 35.92506, longitude: -86.86889, state: 'TN', country: 'US' }
const atlanta = { latitude: 33.749, longitude: -84.38798, state: 'GA', country: 'US' }
const toronto = { latitude: 43.70011, longitude: -79.4163, state: 'ON', country: 'CA' }

function facts(
  traits: Partial<MemberTraits> = {},
  more: Partial<Omit<RankingFacts, 'traits' | 'seeking'>> & { seeking?: Partial<Seeking> } = {},
): RankingFacts {
  const { seeking, ...rest } = more
  return {
    traits: {
      userId: 'member',
      age: 30,
      denomination: 'seventh-day-adventist',
      isSabbathKeeper: true,
      faithJourney: 'raised_in_the_faith',
      hasChurch: true,
      place: nashville,
      answers: {},
      ...traits,
    },
    seeking: { ...NO_PREFERENCES, ...seeking },
    city: 'Nashville',
    isVerified: false,
    completeness: 3,
    lastActiveMs: now.getTime(),
    ...rest,
  }
}

const order = (viewer: RankingFacts, candidates: Record<string, RankingFacts>) =>
  Object.entries(candidates)
    .map(([name, candidate]) => ({ name, score: rankCandidate(viewer, candidate, now).score }))
    .sort((a, b) => b.score - a.score)
    .map(({ name }) => name)

describe('relevance', () => {
  it('weights sum to one', () => {
    expect(Object.values(RELEVANCE_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1)
  })

  it('puts nearby and compatible members first', () => {
    const grace = facts()
    expect(
      order(grace, {
        sameCityAdventist: facts({ age: 32 }),
        franklinAdventist: facts({ age: 32, place: franklin }, { city: 'Franklin' }),
        sameCityBaptist: facts({ age: 32, denomination: 'baptist', isSabbathKeeper: false }),
        atlantaAdventist: facts({ age: 32, place: atlanta }, { city: 'Atlanta' }),
        torontoCatholic: facts({ age: 32, place: toronto, denomination: 'catholic', isSabbathKeeper: false }, { city: 'Toronto' }),
      }),
    ).toEqual(['sameCityAdventist', 'franklinAdventist', 'sameCityBaptist', 'atlantaAdventist', 'torontoCatholic'])
  })

  it('lets shared interview answers, recent activity and a fuller, verified profile lift a member', () => {
    const choices = interviewQuestions.filter((q): q is ChoiceQuestion => q.type === 'choice').slice(0, 6)
    const answers = Object.fromEntries(choices.map((q) => [q.id, q.options[0]!]))
    const other = Object.fromEntries(choices.map((q) => [q.id, q.options.at(-1)!]))
    const grace = facts({ answers })
    expect(order(grace, { agrees: facts({ answers }), differs: facts({ answers: other }) })).toEqual(['agrees', 'differs'])
    const monthAgo = now.getTime() - 40 * 86_400_000
    expect(order(grace, { today: facts(), away: facts({}, { lastActiveMs: monthAgo }) })).toEqual(['today', 'away'])
    expect(order(grace, { full: facts({}, { isVerified: true, completeness: 5 }), thin: facts({}, { completeness: 0 }) })).toEqual([
      'full',
      'thin',
    ])
  })

  it('ranks higher those who meet the preferences of both, without hiding anyone', () => {
    const grace = facts({}, { seeking: { ageMin: 30, ageMax: 36 } })
    const fits = facts({ age: 33 }, { seeking: { ageMin: 25, ageMax: 32 } })
    const tooOld = facts({ age: 45 }, { seeking: { ageMin: 25, ageMax: 32 } })
    const wantsYounger = facts({ age: 33 }, { seeking: { ageMin: 20, ageMax: 26 } })
    expect(order(grace, { fits, tooOld, wantsYounger })[0]).toBe('fits')
    // Far away and of another church, the fit is what is left to say.
    const elsewhere = { denomination: 'baptist', isSabbathKeeper: false, place: atlanta }
    const farFit = facts({ ...elsewhere, age: 33 }, { seeking: { ageMin: 25, ageMax: 32 } })
    const farOther = facts({ ...elsewhere, age: 33 }, { seeking: { ageMin: 20, ageMax: 26 } })
    expect(reasonsToShow(grace, farFit, rankCandidate(grace, farFit, now), now)).toEqual([
      'You fit what each other hopes for',
      'Active today',
    ])
    expect(reasonsToShow(grace, farOther, rankCandidate(grace, farOther, now), now)).toEqual(['Active today'])
  })

  it('is symmetric in the engine part: the pair scores each other alike', () => {
    const grace = facts({ age: 29 })
    const daniel = facts({ age: 31, place: franklin }, { city: 'Franklin' })
    expect(rankCandidate(grace, daniel, now).compatibility.compatibilityScore).toBe(
      rankCandidate(daniel, grace, now).compatibility.compatibilityScore,
    )
  })
})

describe('dealbreakers', () => {
  const grace = facts({ age: 30 })
  it('hold only when marked: a stated preference alone never hides', () => {
    const baptist = facts({ denomination: 'baptist', isSabbathKeeper: false }).traits
    const wishes = { denominations: ['seventh-day-adventist' as const], sabbath: 'keeper' as const }
    expect(meetsDealbreakers(facts({}, { seeking: wishes }), baptist)).toBe(true)
    expect(meetsDealbreakers(facts({}, { seeking: { ...wishes, dealbreakers: ['denomination'] } }), baptist)).toBe(false)
    expect(meetsDealbreakers(facts({}, { seeking: { ...wishes, dealbreakers: ['sabbath'] } }), baptist)).toBe(false)
  })

  it('test age at both bounds, and distance between city centres', () => {
    const wantsThirties = facts({}, { seeking: { ageMin: 30, ageMax: 39, dealbreakers: ['age'] } })
    expect(meetsDealbreakers(wantsThirties, facts({ age: 30 }).traits)).toBe(true)
    expect(meetsDealbreakers(wantsThirties, facts({ age: 39 }).traits)).toBe(true)
    expect(meetsDealbreakers(wantsThirties, facts({ age: 29 }).traits)).toBe(false)
    expect(meetsDealbreakers(wantsThirties, facts({ age: 40 }).traits)).toBe(false)
    const within25 = facts({}, { seeking: { maxMiles: 25, dealbreakers: ['distance'] } })
    expect(meetsDealbreakers(within25, facts({ place: franklin }).traits)).toBe(true)
    expect(meetsDealbreakers(within25, facts({ place: atlanta }).traits)).toBe(false)
    expect(meetsDealbreakers(within25, facts({ place: null }).traits)).toBe(false)
  })

  it('work both ways: each side is tested with its own', () => {
    const wantsYounger = facts({ age: 33 }, { seeking: { ageMax: 28, dealbreakers: ['age'] } })
    expect(meetsDealbreakers(grace, wantsYounger.traits)).toBe(true)
    expect(meetsDealbreakers(wantsYounger, grace.traits)).toBe(false)
  })
})

describe('why a member is shown', () => {
  const reasonsFor = (viewer: RankingFacts, candidate: RankingFacts) =>
    reasonsToShow(viewer, candidate, rankCandidate(viewer, candidate, now), now)

  it('names the faith they share and how far away they live, at most two', () => {
    const grace = facts()
    expect(reasonsFor(grace, facts({ place: franklin }, { city: 'Franklin', isVerified: true }))).toEqual([
      'Both Sabbath keepers',
      '17 miles away',
    ])
    expect(reasonsFor(grace, facts())).toEqual(['Both Sabbath keepers', 'Also in Nashville'])
    const baptists = facts({ denomination: 'baptist', isSabbathKeeper: false })
    expect(reasonsFor(baptists, facts({ denomination: 'baptist', isSabbathKeeper: false, place: atlanta }))).toEqual([
      'Both Baptist',
      'Active today',
    ])
  })

  it('says nothing it does not know: no distance beyond 100 miles, nothing for a stranger seen long ago', () => {
    const grace = facts()
    const stranger = facts(
      { denomination: 'catholic', isSabbathKeeper: false, place: toronto },
      { lastActiveMs: now.getTime() - 9 * 86_400_000 },
    )
    expect(reasonsFor(grace, stranger)).toEqual([])
    expect(reasonsFor(grace, { ...stranger, isVerified: true })).toEqual(['Verified'])
  })

  it('counts interview answers they agree on once there are a few', () => {
    const choices = interviewQuestions.filter((q): q is ChoiceQuestion => q.type === 'choice').slice(0, 4)
    const answers = Object.fromEntries(choices.map((q) => [q.id, q.options[0]!]))
    const strangers = { denomination: 'catholic', isSabbathKeeper: false, place: toronto, answers }
    expect(reasonsFor(facts({ answers }), facts(strangers))).toEqual(['Agree on 4 interview answers', 'Active today'])
  })
})
