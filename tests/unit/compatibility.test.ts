import { describe, expect, it } from 'vitest'
import {
  compactAnswers,
  compatibilityScores,
  denominationCloseness,
  type MemberTraits,
  OVERALL_WEIGHTS,
  scoreCompatibility,
} from '#server/services/compatibility.ts'
import { type ChoiceQuestion, interviewQuestions } from '#shared/content/interview-questions.ts'
import { denominationValues, faithJourneys } from '#shared/schemas/profile-options.ts'

const nashville = { latitude: 36.16589, longitude: -86.78444, state: 'TN', country: 'US' }
const franklin = { latitude: 35.92506, longitude: -86.86889, state: 'TN', country: 'US' }
const seattle = { latitude: 47.60621, longitude: -122.33207, state: 'WA', country: 'US' }

const choices = interviewQuestions.filter((q): q is ChoiceQuestion => q.type === 'choice')

/** A member whose answers are given by question id, as a member's own interview has them. */
type Member = MemberTraits & { answers: Record<string, string> }

function member(overrides: Partial<Member> = {}): Member {
  return {
    userId: 'member',
    age: 30,
    denomination: 'seventh-day-adventist',
    isSabbathKeeper: true,
    faithJourney: 'raised_in_the_faith',
    hasChurch: true,
    place: nashville,
    answers: {},
    ...overrides,
  }
}

/** Deterministic pseudo-random members spanning every trait. */
function* variedMembers(count: number): Generator<Member> {
  let seed = 7
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed % n
  }
  for (let i = 0; i < count; i++) {
    const answers: Record<string, string> = {}
    for (const question of choices) if (next(3) > 0) answers[question.id] = question.options[next(question.options.length)]!
    yield member({
      userId: `m${i}`,
      age: next(4) === 0 ? null : 18 + next(52),
      denomination: next(6) === 0 ? null : denominationValues[next(denominationValues.length)]!,
      isSabbathKeeper: next(3) === 0,
      faithJourney: next(5) === 0 ? null : faithJourneys[next(faithJourneys.length)]!,
      hasChurch: next(2) === 0,
      place: [nashville, franklin, seattle, null][next(4)]!,
      answers,
    })
  }
}

const scoreKeys = [
  'compatibilityScore',
  'personalityCompatibilityScore',
  'divineInsightScore',
  'spiritualAlignment',
  'communicationCompatibility',
  'lifestyleCompatibility',
  'valuesAlignment',
] as const

describe('the compatibility engine', () => {
  const people = [...variedMembers(40)]

  it('gives the same numbers whichever member asks', () => {
    for (const a of people) {
      for (const b of people) {
        const ab = scoreCompatibility(a, b)
        const ba = scoreCompatibility(b, a)
        for (const key of scoreKeys) expect(ab[key], key).toBe(ba[key])
      }
    }
  })

  it('keeps every score a whole number from 0 to 100', () => {
    for (const a of people) {
      for (const b of people) {
        const report = scoreCompatibility(a, b)
        for (const key of scoreKeys) {
          expect(Number.isInteger(report[key])).toBe(true)
          expect(report[key]).toBeGreaterThanOrEqual(0)
          expect(report[key]).toBeLessThanOrEqual(100)
        }
      }
    }
  })

  it('ranks from compact answers with the same numbers its full report gives, and counts the answers it says agree', () => {
    const compact = (m: Member): MemberTraits => ({ ...m, answers: compactAnswers(m.answers) })
    for (const a of people) {
      for (const b of people) {
        const { reasons, ...report } = scoreCompatibility(a, b)
        const { agreedAnswers, ...scores } = compatibilityScores(compact(a), compact(b))
        expect(scores).toEqual(report)
        expect(agreedAnswers).toBe(reasons.filter((reason) => reason.text.startsWith('You agree on')).length)
      }
    }
  })

  it('never scores lower when one more answer is shared', () => {
    for (const [a, b] of people.slice(0, 20).map((p, i) => [p, people[i + 20]!] as const)) {
      let previous = scoreCompatibility(a, b)
      const answers = { ...b.answers }
      for (const question of choices) {
        const own = a.answers[question.id]
        if (!own) continue
        answers[question.id] = own
        const next = scoreCompatibility(a, { ...b, answers })
        expect(next.compatibilityScore).toBeGreaterThanOrEqual(previous.compatibilityScore)
        expect(next.personalityCompatibilityScore).toBeGreaterThanOrEqual(previous.personalityCompatibilityScore)
        previous = next
      }
    }
  })

  it('ranks a member who shares faith, age, place and answers above one who shares none', () => {
    const answers = Object.fromEntries(choices.map((q) => [q.id, q.options[0]!]))
    const opposite = Object.fromEntries(choices.map((q) => [q.id, q.options.at(-1)!]))
    const me = member({ answers })
    const kindred = scoreCompatibility(me, member({ userId: 'kindred', age: 31, place: franklin, answers }))
    const distant = scoreCompatibility(
      me,
      member({
        userId: 'distant',
        age: 55,
        denomination: 'catholic',
        isSabbathKeeper: false,
        faithJourney: 'new_believer',
        hasChurch: false,
        place: seattle,
        answers: opposite,
      }),
    )
    expect(kindred.compatibilityScore).toBeGreaterThanOrEqual(90)
    expect(distant.compatibilityScore).toBeLessThan(40)
    expect(kindred.divineInsightScore).toBe(100)
  })

  it('explains its numbers: shared faith and answers as strengths, differences as growth areas', () => {
    const a = member({
      answers: { 'family-children': 'I hope for two or three children', 'communication-conflict': 'Talk it through right away, calmly' },
    })
    const b = member({
      userId: 'b',
      isSabbathKeeper: false,
      answers: { 'family-children': 'I hope for two or three children', 'communication-conflict': 'Avoid it and hope it passes' },
    })
    const { reasons } = scoreCompatibility(a, b)
    expect(reasons).toContainEqual({
      dimension: 'spiritual',
      kind: 'strength',
      text: 'You share the same church tradition (Seventh-day Adventist).',
    })
    expect(reasons).toContainEqual({
      dimension: 'values',
      kind: 'strength',
      text: 'You agree on children: “I hope for two or three children”.',
    })
    expect(reasons).toContainEqual({
      dimension: 'communication',
      kind: 'growth',
      text: 'You see handling disagreement differently: worth a long, honest conversation.',
    })
    expect(reasons.some((r) => r.kind === 'growth' && r.text.startsWith('Only one of you keeps the seventh-day Sabbath'))).toBe(true)
    expect(reasons).toContainEqual({ dimension: 'distance', kind: 'strength', text: 'You live within 10 miles of each other.' })
  })

  it('says when the interview is missing, and scores the unknown as neutral', () => {
    const report = scoreCompatibility(member(), member({ userId: 'b' }))
    expect(report.personalityCompatibilityScore).toBe(50)
    expect(report.valuesAlignment).toBe(50)
    expect(report.reasons.some((r) => r.text.includes('completed the AI interview'))).toBe(true)
  })

  it('ignores an answer that is not one of the options', () => {
    const a = member({ answers: { 'family-children': 'I hope for two or three children' } })
    const b = member({ userId: 'b', answers: { 'family-children': 'dozens' } })
    expect(scoreCompatibility(a, b).personalityCompatibilityScore).toBe(50)
  })

  it('weighs the overall score from weights that sum to one', () => {
    expect(Object.values(OVERALL_WEIGHTS).reduce((sum, w) => sum + w, 0)).toBeCloseTo(1)
  })

  it('places churches from the same branch closer than different families', () => {
    expect(denominationCloseness('baptist', 'baptist')).toBe(100)
    expect(denominationCloseness('baptist', 'non-denominational')).toBe(85)
    expect(denominationCloseness('baptist', 'methodist')).toBe(70)
    expect(denominationCloseness('baptist', 'catholic')).toBe(35)
    expect(denominationCloseness('catholic', 'baptist')).toBe(35)
    expect(denominationCloseness('orthodox', 'catholic')).toBe(55)
    expect(denominationCloseness('seventh-day-adventist', 'anglican')).toBe(45)
    expect(denominationCloseness('catholic', 'seventh-day-adventist')).toBe(25)
    expect(denominationCloseness('baptist', 'a church we do not know')).toBe(50)
    expect(denominationCloseness(null, 'baptist')).toBeNull()
  })
})
