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
  /**
   * Choice answers from the member's latest completed interview: by question id, or already as an
   * `AnswerVector` (how the member directory holds many members' answers compactly).
   */
  answers: Readonly<Record<string, string>> | AnswerVector
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

/** Where a denomination sits: its church family, and its branch within that family. */
interface ChurchGroup {
  family: string
  branch: string
}

const denominationGroups: Record<string, ChurchGroup> = {
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

function groupCloseness(a: ChurchGroup, b: ChurchGroup): number {
  if (a.branch === b.branch) return 85
  if (a.family === b.family) return 70
  return familyCloseness[pairKey(a.family, b.family)] ?? NEUTRAL
}

/** Every two known denominations' closeness, worked out once: a page compares hundreds of pairs. */
const closenessOf = new Map(
  Object.entries(denominationGroups).map(([a, groupA]) => [
    a,
    new Map(Object.entries(denominationGroups).map(([b, groupB]) => [b, groupCloseness(groupA, groupB)])),
  ]),
)

export function denominationCloseness(a: string | null, b: string | null): number | null {
  if (!a || !b) return null
  if (a === b) return 100
  return closenessOf.get(a)?.get(b) ?? NEUTRAL
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

/** Weights of the faith the profiles state; what either leaves unstated is left out of the mean. */
const FAITH_WEIGHTS = { denomination: 0.4, sabbath: 0.35, journey: 0.15, church: 0.1 } as const

/**
 * The stated faith (0–100): the weighted mean of the parts both profiles state. Worked out for every
 * pair a page ranks, so it builds nothing.
 */
function statedFaith(denomination: number | null, sabbath: number, journey: number | null, church: number): number {
  // Summed in this order, as the mean always was, so every score comes out to the same bits.
  let weight = 0
  let total = 0
  if (denomination !== null) {
    weight += FAITH_WEIGHTS.denomination
    total += denomination * FAITH_WEIGHTS.denomination
  }
  weight += FAITH_WEIGHTS.sabbath
  total += sabbath * FAITH_WEIGHTS.sabbath
  if (journey !== null) {
    weight += FAITH_WEIGHTS.journey
    total += journey * FAITH_WEIGHTS.journey
  }
  weight += FAITH_WEIGHTS.church
  total += church * FAITH_WEIGHTS.church
  return total / weight
}

const choiceQuestions = interviewQuestions.filter((question): question is ChoiceQuestion => question.type === 'choice')
const dimensionOrder = ['spiritual', 'values', 'communication', 'lifestyle'] as const satisfies readonly InterviewDimension[]
const dimensionOf = choiceQuestions.map((question) => dimensionOrder.indexOf(question.dimension))
const importanceOf = choiceQuestions.map((question) => IMPORTANCE_WEIGHT[question.importance])
const optionCounts = choiceQuestions.map((question) => question.options.length)

/**
 * How alike two options of each choice question are: 1 for the same option, falling with the
 * distance between options on an ordinal scale, 0.25 between different categorical ones. Indexed
 * [question][optionA * options + optionB], computed once.
 */
const similarityTables = choiceQuestions.map((question) => {
  const n = question.options.length
  return Float64Array.from({ length: n * n }, (_, cell) => {
    const [a, b] = [Math.floor(cell / n), cell % n]
    if (a === b) return 1
    return question.scale === 'categorical' ? 0.25 : 1 - Math.abs(a - b) / (n - 1)
  })
})

/** A member's choice answers as option indexes in `choiceQuestions` order (-1: unanswered or unknown). */
export type AnswerVector = Int8Array

export function compactAnswers(answers: Readonly<Record<string, string>>): AnswerVector {
  return Int8Array.from(choiceQuestions, (question) => question.options.indexOf(answers[question.id] ?? ''))
}

/** Built once per answers object: members' answers are compared with many others. */
const answerVectors = new WeakMap<Readonly<Record<string, string>>, AnswerVector>()

function answerVector(answers: MemberTraits['answers']): AnswerVector {
  if (answers instanceof Int8Array) return answers
  let vector = answerVectors.get(answers)
  if (!vector) {
    vector = compactAnswers(answers)
    answerVectors.set(answers, vector)
  }
  return vector
}

/** The similarity of the two members' answers to question `q`, or null unless both answered it. */
function similarityAt(q: number, a: AnswerVector, b: AnswerVector): number | null {
  const optionA = a[q]!
  const optionB = b[q]!
  if (optionA < 0 || optionB < 0) return null
  return similarityTables[q]![optionA * optionCounts[q]! + optionB]!
}

/**
 * Each question's similarities already weighed (similarity × 100 × its importance), every question's
 * table one after another: a pair's comparison makes one lookup per question both answered.
 */
const weighedSimilarities = Float64Array.from(
  similarityTables.flatMap((table, q) => Array.from(table, (similarity) => similarity * 100 * importanceOf[q]!)),
)
/** Where each question's table starts in `weighedSimilarities`. */
const tableStarts = Int32Array.from(similarityTables, (_, q) =>
  similarityTables.slice(0, q).reduce((cells, table) => cells + table.length, 0),
)

/** Importance-weighted sums of shared answers' similarity (0–100), per dimension (in `dimensionOrder`) and overall. */
interface AnswerTotals {
  /** Each dimension's summed importance, then its summed weighted similarity. */
  spiritualWeight: number
  valuesWeight: number
  communicationWeight: number
  lifestyleWeight: number
  spiritualTotal: number
  valuesTotal: number
  communicationTotal: number
  lifestyleTotal: number
  allWeight: number
  allTotal: number
  shared: number
  /** Shared answers with the same option. */
  agreed: number
}

/**
 * Each dimension's weight, then its total, summed while a pair is compared: one array reused by
 * every comparison (each runs to its end at once), so that a comparison allocates only its result.
 */
const sums = new Float64Array(2 * dimensionOrder.length)
const TOTALS = dimensionOrder.length

function compareAnswers(a: MemberTraits, b: MemberTraits): AnswerTotals {
  const vectorA = answerVector(a.answers)
  const vectorB = answerVector(b.answers)
  sums.fill(0)
  let allWeight = 0
  let allTotal = 0
  let shared = 0
  let agreed = 0
  for (let q = 0; q < choiceQuestions.length; q++) {
    const optionA = vectorA[q]!
    const optionB = vectorB[q]!
    if (optionA < 0 || optionB < 0) continue
    const weight = importanceOf[q]!
    const dimension = dimensionOf[q]!
    const weighted = weighedSimilarities[tableStarts[q]! + optionA * optionCounts[q]! + optionB]!
    sums[dimension]! += weight
    sums[TOTALS + dimension]! += weighted
    allWeight += weight
    allTotal += weighted
    shared++
    // Only the same option is wholly alike.
    if (optionA === optionB) agreed++
  }
  return {
    spiritualWeight: sums[0]!,
    valuesWeight: sums[1]!,
    communicationWeight: sums[2]!,
    lifestyleWeight: sums[3]!,
    spiritualTotal: sums[TOTALS]!,
    valuesTotal: sums[TOTALS + 1]!,
    communicationTotal: sums[TOTALS + 2]!,
    lifestyleTotal: sums[TOTALS + 3]!,
    allWeight,
    allTotal,
    shared,
    agreed,
  }
}

/**
 * Mean similarity (0–100) of the shared answers weighted by importance, starting from a prior that
 * the answers pull away from: a shared answer can only raise the score, a different one lower it.
 */
function answersScore(weight: number, total: number, prior = NEUTRAL, priorWeight = PRIOR_WEIGHT): number {
  return (total + prior * priorWeight) / (weight + priorWeight)
}

function ageScore(a: number | null, b: number | null): number {
  if (a === null || b === null) return NEUTRAL
  const gap = Math.abs(a - b)
  return Math.max(0, 100 - Math.max(0, gap - 5) * 8)
}

const DISTANCE_SCORES = { 'within-10': 100, 'within-50': 90, 'same-state': 75 } as const

function distanceScore(a: MemberTraits['place'], b: MemberTraits['place']) {
  if (!a || !b) return { score: NEUTRAL, bucket: null }
  const sameState = !!a.state && a.state === b.state && a.country === b.country
  const bucket = distanceBucket(milesBetween(a, b), sameState)
  return { score: bucket === 'farther' ? (a.country === b.country ? 55 : 35) : DISTANCE_SCORES[bucket], bucket }
}

function clampRound(value: number) {
  return Math.max(0, Math.min(100, Math.round(value)))
}

/** The engine's numbers between two members, without the reasons: what ranking many members needs. */
export type CompatibilityScores = Omit<CompatibilityReport, 'reasons'> & {
  /** Shared interview answers with the same option. */
  agreedAnswers: number
}

/** What both the scores and the reasons are made of. */
function measure(a: MemberTraits, b: MemberTraits) {
  const denomination = denominationCloseness(a.denomination, b.denomination)
  const sabbath = a.isSabbathKeeper === b.isSabbathKeeper ? 100 : 20
  const journey = journeyCloseness(a.faithJourney, b.faithJourney)
  const church = a.hasChurch && b.hasChurch ? 100 : a.hasChurch || b.hasChurch ? 60 : NEUTRAL
  const faith = statedFaith(denomination, sabbath, journey, church)
  return { denomination, faith, answers: compareAnswers(a, b), age: ageScore(a.age, b.age), distance: distanceScore(a.place, b.place) }
}

function scoresOf({ faith, answers, age, distance }: ReturnType<typeof measure>): CompatibilityScores {
  const spiritualAlignment = answersScore(answers.spiritualWeight, answers.spiritualTotal, faith, STATED_FAITH_WEIGHT)
  const valuesAlignment = answersScore(answers.valuesWeight, answers.valuesTotal)
  const communicationCompatibility = answersScore(answers.communicationWeight, answers.communicationTotal)
  const lifestyleCompatibility = answersScore(answers.lifestyleWeight, answers.lifestyleTotal)
  const overall =
    OVERALL_WEIGHTS.spiritual * spiritualAlignment +
    OVERALL_WEIGHTS.values * valuesAlignment +
    OVERALL_WEIGHTS.communication * communicationCompatibility +
    OVERALL_WEIGHTS.lifestyle * lifestyleCompatibility +
    OVERALL_WEIGHTS.age * age +
    OVERALL_WEIGHTS.distance * distance.score
  return {
    compatibilityScore: clampRound(overall),
    personalityCompatibilityScore: clampRound(answersScore(answers.allWeight, answers.allTotal)),
    divineInsightScore: clampRound(faith),
    spiritualAlignment: clampRound(spiritualAlignment),
    communicationCompatibility: clampRound(communicationCompatibility),
    lifestyleCompatibility: clampRound(lifestyleCompatibility),
    valuesAlignment: clampRound(valuesAlignment),
    sharedAnswers: answers.shared,
    agreedAnswers: answers.agreed,
  }
}

/** The scores between two members, symmetric, every number an integer from 0 to 100. */
export function compatibilityScores(a: MemberTraits, b: MemberTraits): CompatibilityScores {
  return scoresOf(measure(a, b))
}

/** The score between two members with the reasons behind it; symmetric, every number an integer from 0 to 100. */
export function scoreCompatibility(a: MemberTraits, b: MemberTraits): CompatibilityReport {
  const parts = measure(a, b)
  const { agreedAnswers: _agreed, ...scores } = scoresOf(parts)
  return { ...scores, reasons: reasonsFor(a, b, parts) }
}

function reasonsFor(a: MemberTraits, b: MemberTraits, { denomination, answers, age, distance }: ReturnType<typeof measure>) {
  const reasons: CompatibilityReason[] = []
  const note = (dimension: ReasonDimension, kind: CompatibilityReason['kind'], text: string) => reasons.push({ dimension, kind, text })

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

  const vectorA = answerVector(a.answers)
  const vectorB = answerVector(b.answers)
  choiceQuestions.forEach((question, q) => {
    const similarity = similarityAt(q, vectorA, vectorB)
    if (similarity === 1)
      note(question.dimension, 'strength', `You agree on ${question.topic.toLowerCase()}: “${question.options[vectorA[q]!]}”.`)
    else if (similarity !== null && similarity < 0.5 && question.importance === 'high') {
      note(question.dimension, 'growth', `You see ${question.topic.toLowerCase()} differently: worth a long, honest conversation.`)
    }
  })
  if (answers.shared === 0) {
    note('values', 'growth', 'Values, lifestyle and communication are estimated until you have both completed the AI interview.')
  }

  if (a.age !== null && b.age !== null) {
    const gap = Math.abs(a.age - b.age)
    if (age >= STRENGTH_AT)
      note('age', 'strength', gap === 0 ? 'You are the same age.' : `You are ${gap} ${gap === 1 ? 'year' : 'years'} apart in age.`)
    else if (age < GROWTH_BELOW) note('age', 'growth', `You are ${gap} years apart: different seasons of life to talk through.`)
  }
  if (distance.bucket && distance.score >= STRENGTH_AT)
    note('distance', 'strength', `You live ${distanceBucketLabel(distance.bucket).toLowerCase()} of each other.`)
  else if (distance.bucket === 'farther')
    note('distance', 'growth', 'You live more than 50 miles apart: plan how you would spend time together.')
  return reasons
}
