import { distanceBucketLabel } from '#shared/content/distance.ts'
import { type ChoiceQuestion, type InterviewDimension, interviewQuestions } from '#shared/content/interview-questions.ts'
import { denominationLabel, type FaithJourney } from '#shared/schemas/profile-options.ts'
import { distanceBucket, milesBetween, type Point } from './distance.ts'

/**
 * The compatibility engine: one explainable score between two members from what they told us.
 * The formula is documented in docs/compatibility.md; change the version with the formula.
 */
export const QUANTUM_ALGORITHM_VERSION = 'covenant-2.0'

export interface MemberTraits {
  userId: string
  age: number | null
  denomination: string | null
  isSabbathKeeper: boolean
  faithJourney: FaithJourney | null
  hasChurch: boolean
  place: (Point & { state: string | null; country: string | null }) | null
  /** Choice answers from the member's latest completed interview, by question id. */
  answers: Readonly<Record<string, string>>
}

export type ReasonDimension = InterviewDimension | 'age' | 'distance'

export interface CompatibilityReason {
  dimension: ReasonDimension
  kind: 'strength' | 'growth'
  text: string
}

export interface CompatibilityReport {
  compatibilityScore: number
  /** From the interview answers alone. */
  personalityCompatibilityScore: number
  /** From the faith the two profiles state: denomination, Sabbath, faith journey, church. */
  divineInsightScore: number
  spiritualAlignment: number
  communicationCompatibility: number
  lifestyleCompatibility: number
  valuesAlignment: number
  /** How many interview answers the two share: the personality score's evidence. */
  sharedAnswers: number
  reasons: CompatibilityReason[]
}

/** Weights of the overall score; they sum to 1. */
export const OVERALL_WEIGHTS = {
  spiritual: 0.35,
  values: 0.2,
  communication: 0.15,
  lifestyle: 0.1,
  age: 0.1,
  distance: 0.1,
} as const satisfies Record<ReasonDimension, number>

/** A neutral score for what we do not know, and how many answers' worth of weight it carries. */
const NEUTRAL = 50
const PRIOR_WEIGHT = 1
const IMPORTANCE_WEIGHT = { normal: 1, high: 2 } as const
/** In the spiritual score, the faith the profiles state weighs as much as this many answers. */
const STATED_FAITH_WEIGHT = 6
const STRENGTH_AT = 75
const GROWTH_BELOW = 55

const denominationGroups: Record<string, { family: string; branch: string }> = {
  'seventh-day-adventist': { family: 'adventist', branch: 'adventist' },
  catholic: { family: 'catholic', branch: 'catholic' },
  orthodox: { family: 'orthodox', branch: 'orthodox' },
  baptist: { family: 'protestant', branch: 'evangelical' },
  'non-denominational': { family: 'protestant', branch: 'evangelical' },
  'church-of-christ': { family: 'protestant', branch: 'evangelical' },
  protestant: { family: 'protestant', branch: 'evangelical' },
  pentecostal: { family: 'protestant', branch: 'pentecostal' },
  'assemblies-of-god': { family: 'protestant', branch: 'pentecostal' },
  methodist: { family: 'protestant', branch: 'mainline' },
  lutheran: { family: 'protestant', branch: 'mainline' },
  presbyterian: { family: 'protestant', branch: 'mainline' },
  anglican: { family: 'protestant', branch: 'mainline' },
}

/** Closeness of two church families that differ, in either order. */
const familyCloseness: Record<string, number> = {
  'adventist|protestant': 45,
  'catholic|orthodox': 55,
  'catholic|protestant': 35,
  'orthodox|protestant': 35,
  'adventist|catholic': 25,
  'adventist|orthodox': 25,
}

function pairKey(a: string, b: string) {
  return a < b ? `${a}|${b}` : `${b}|${a}`
}

export function denominationCloseness(a: string | null, b: string | null): number | null {
  if (!a || !b) return null
  if (a === b) return 100
  const groupA = denominationGroups[a]
  const groupB = denominationGroups[b]
  if (!groupA || !groupB) return NEUTRAL
  if (groupA.branch === groupB.branch) return 85
  if (groupA.family === groupB.family) return 70
  return familyCloseness[pairKey(groupA.family, groupB.family)] ?? NEUTRAL
}

/** Where each journey sits between a faith still new and one long lived or served. */
const journeyDepth: Record<FaithJourney, number> = {
  new_believer: 0,
  growing_in_faith: 1,
  returned_to_faith: 1,
  came_to_faith_as_adult: 2,
  raised_in_the_faith: 2,
  in_ministry: 3,
}

function journeyCloseness(a: FaithJourney | null, b: FaithJourney | null): number | null {
  if (!a || !b) return null
  if (a === b) return 100
  return 100 - Math.abs(journeyDepth[a] - journeyDepth[b]) * 15
}

/** 1 for the same option, falling with the distance between options on an ordinal scale. */
function answerSimilarity(question: ChoiceQuestion, a: string, b: string): number {
  if (a === b) return 1
  if (question.scale === 'categorical') return 0.25
  const span = question.options.length - 1
  return 1 - Math.abs(question.options.indexOf(a) - question.options.indexOf(b)) / span
}

function weightedMean(parts: { score: number | null; weight: number }[]): number | null {
  const known = parts.filter((part): part is { score: number; weight: number } => part.score !== null)
  const weight = known.reduce((sum, part) => sum + part.weight, 0)
  return weight === 0 ? null : known.reduce((sum, part) => sum + part.score * part.weight, 0) / weight
}

const choiceQuestions = interviewQuestions.filter((question): question is ChoiceQuestion => question.type === 'choice')

interface AnswerComparison {
  question: ChoiceQuestion
  similarity: number
  answer: string
}

function compareAnswers(a: MemberTraits, b: MemberTraits): AnswerComparison[] {
  return choiceQuestions.flatMap((question) => {
    const answerA = a.answers[question.id]
    const answerB = b.answers[question.id]
    if (!answerA || !answerB || !question.options.includes(answerA) || !question.options.includes(answerB)) return []
    return [{ question, similarity: answerSimilarity(question, answerA, answerB), answer: answerA }]
  })
}

/**
 * Mean similarity (0–100) of the shared answers weighted by importance, starting from a prior that
 * the answers pull away from: a shared answer can only raise the score, a different one lower it.
 */
function answersScore(comparisons: AnswerComparison[], prior = NEUTRAL, priorWeight = PRIOR_WEIGHT): number {
  const weight = comparisons.reduce((sum, c) => sum + IMPORTANCE_WEIGHT[c.question.importance], 0)
  const total = comparisons.reduce((sum, c) => sum + c.similarity * 100 * IMPORTANCE_WEIGHT[c.question.importance], 0)
  return (total + prior * priorWeight) / (weight + priorWeight)
}

function ageScore(a: number | null, b: number | null): number {
  if (a === null || b === null) return NEUTRAL
  const gap = Math.abs(a - b)
  return Math.max(0, 100 - Math.max(0, gap - 5) * 8)
}

function distanceScore(a: MemberTraits['place'], b: MemberTraits['place']) {
  if (!a || !b) return { score: NEUTRAL, bucket: null }
  const sameState = !!a.state && a.state === b.state && a.country === b.country
  const bucket = distanceBucket(milesBetween(a, b), sameState)
  const byBucket = { 'within-10': 100, 'within-50': 90, 'same-state': 75, farther: a.country === b.country ? 55 : 35 }
  return { score: byBucket[bucket], bucket }
}

function clampRound(value: number) {
  return Math.max(0, Math.min(100, Math.round(value)))
}

/** The score between two members; symmetric, every number an integer from 0 to 100. */
export function scoreCompatibility(a: MemberTraits, b: MemberTraits): CompatibilityReport {
  const reasons: CompatibilityReason[] = []
  const note = (dimension: ReasonDimension, kind: CompatibilityReason['kind'], text: string) => reasons.push({ dimension, kind, text })

  const denomination = denominationCloseness(a.denomination, b.denomination)
  const sabbath = a.isSabbathKeeper === b.isSabbathKeeper ? 100 : 20
  const journey = journeyCloseness(a.faithJourney, b.faithJourney)
  const church = a.hasChurch && b.hasChurch ? 100 : a.hasChurch || b.hasChurch ? 60 : NEUTRAL
  const faith = weightedMean([
    { score: denomination, weight: 0.4 },
    { score: sabbath, weight: 0.35 },
    { score: journey, weight: 0.15 },
    { score: church, weight: 0.1 },
  ])!

  if (denomination === 100) note('spiritual', 'strength', `You share the same church tradition (${denominationLabel(a.denomination)}).`)
  else if (denomination !== null && denomination >= 70) note('spiritual', 'strength', 'Your church traditions are close cousins.')
  else if (denomination !== null && denomination < GROWTH_BELOW) {
    note(
      'spiritual',
      'growth',
      `You come from different church traditions (${denominationLabel(a.denomination)} and ${denominationLabel(b.denomination)}): talk early about where you would worship as a family.`,
    )
  }
  if (a.isSabbathKeeper && b.isSabbathKeeper) note('spiritual', 'strength', 'You both keep the seventh-day Sabbath.')
  else if (a.isSabbathKeeper !== b.isSabbathKeeper)
    note('spiritual', 'growth', 'Only one of you keeps the seventh-day Sabbath: agree on how your home would keep the day of rest.')
  if (a.hasChurch && b.hasChurch) note('spiritual', 'strength', 'You are both rooted in a local church.')

  const comparisons = compareAnswers(a, b)
  const byDimension = (dimension: InterviewDimension) => comparisons.filter((c) => c.question.dimension === dimension)
  for (const c of comparisons) {
    if (c.similarity === 1) note(c.question.dimension, 'strength', `You agree on ${c.question.topic.toLowerCase()}: “${c.answer}”.`)
    else if (c.similarity < 0.5 && c.question.importance === 'high') {
      note(c.question.dimension, 'growth', `You see ${c.question.topic.toLowerCase()} differently: worth a long, honest conversation.`)
    }
  }
  if (comparisons.length === 0) {
    note('values', 'growth', 'Values, lifestyle and communication are estimated until you have both completed the AI interview.')
  }

  const spiritualAlignment = answersScore(byDimension('spiritual'), faith, STATED_FAITH_WEIGHT)
  const valuesAlignment = answersScore(byDimension('values'))
  const communicationCompatibility = answersScore(byDimension('communication'))
  const lifestyleCompatibility = answersScore(byDimension('lifestyle'))

  const age = ageScore(a.age, b.age)
  if (a.age !== null && b.age !== null) {
    const gap = Math.abs(a.age - b.age)
    if (age >= STRENGTH_AT)
      note('age', 'strength', gap === 0 ? 'You are the same age.' : `You are ${gap} ${gap === 1 ? 'year' : 'years'} apart in age.`)
    else if (age < GROWTH_BELOW) note('age', 'growth', `You are ${gap} years apart: different seasons of life to talk through.`)
  }
  const distance = distanceScore(a.place, b.place)
  if (distance.bucket && distance.score >= STRENGTH_AT)
    note('distance', 'strength', `You live ${distanceBucketLabel(distance.bucket).toLowerCase()} of each other.`)
  else if (distance.bucket === 'farther')
    note('distance', 'growth', 'You live more than 50 miles apart: plan how you would spend time together.')

  const overall =
    OVERALL_WEIGHTS.spiritual * spiritualAlignment +
    OVERALL_WEIGHTS.values * valuesAlignment +
    OVERALL_WEIGHTS.communication * communicationCompatibility +
    OVERALL_WEIGHTS.lifestyle * lifestyleCompatibility +
    OVERALL_WEIGHTS.age * age +
    OVERALL_WEIGHTS.distance * distance.score

  return {
    compatibilityScore: clampRound(overall),
    personalityCompatibilityScore: clampRound(answersScore(comparisons)),
    divineInsightScore: clampRound(faith),
    spiritualAlignment: clampRound(spiritualAlignment),
    communicationCompatibility: clampRound(communicationCompatibility),
    lifestyleCompatibility: clampRound(lifestyleCompatibility),
    valuesAlignment: clampRound(valuesAlignment),
    sharedAnswers: comparisons.length,
    reasons,
  }
}
