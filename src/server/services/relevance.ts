import { denominationLabel } from '#shared/schemas/profile-options.ts'
import { type Dealbreaker, dealbreakerValues, type Seeking } from '#shared/schemas/seeking.ts'
import { type CompatibilityScores, compatibilityScores, type MemberTraits } from './compatibility.ts'
import { milesBetween } from './distance.ts'

/**
 * Discover's relevance: one score per candidate from the compatibility engine, how near they live,
 * how well each fits what the other hopes for, how recently they were here, and how much their
 * profile tells. Pure, so the ranking is tested without a database; docs/compatibility.md explains it.
 */
export const RELEVANCE_WEIGHTS = {
  compatibility: 0.45,
  nearness: 0.25,
  preferences: 0.15,
  activity: 0.1,
  profile: 0.05,
} as const

/** At this many miles nearness has halved. */
const NEARNESS_HALF_MILES = 60
/** Reasons on a card: short, at most two. */
const MAX_REASONS = 2
/** A city named in a reason when the two live this close (city centres, so the same city is 0). */
const SAME_CITY_MILES = 1
/** Distances up to this are said in miles; farther ones are not a reason to show someone. */
const NEAR_ENOUGH_TO_SAY = 100
const DAY_MS = 86_400_000

export interface RankingFacts {
  traits: MemberTraits
  seeking: Seeking
  city: string | null
  isVerified: boolean
  /** How many of photo, bio, faith journey, church and spiritual gifts the profile has (0–5). */
  completeness: number
  /**
   * When the member was last active (ms), as a number beside the other facts: a ranking reads it for
   * hundreds of members a page, and the row's `Date` is one more object to reach in memory for each.
   */
  lastActiveMs: number
}

export interface Relevance {
  /** 0–100 with two decimals: the order of Discover. */
  score: number
  compatibility: CompatibilityScores
}

function milesApart(a: MemberTraits, b: MemberTraits): number | null {
  return a.place && b.place ? milesBetween(a.place, b.place) : null
}

/**
 * Whether `other` meets what `seeking` states about one preference; null when it states nothing.
 * Asked of hundreds of members per page, so it answers without building anything.
 */
function preferenceMet(seeking: Seeking, preference: Dealbreaker, other: MemberTraits, miles: number | null): boolean | null {
  switch (preference) {
    case 'age': {
      if (seeking.ageMin === null && seeking.ageMax === null) return null
      const age = other.age
      return age !== null && (seeking.ageMin === null || age >= seeking.ageMin) && (seeking.ageMax === null || age <= seeking.ageMax)
    }
    case 'distance':
      return seeking.maxMiles === null ? null : miles !== null && miles <= seeking.maxMiles
    case 'denomination':
      if (seeking.denominations.length === 0) return null
      return other.denomination !== null && (seeking.denominations as readonly string[]).includes(other.denomination)
    case 'sabbath':
      return seeking.sabbath === 'any' ? null : other.isSabbathKeeper === (seeking.sabbath === 'keeper')
  }
}

/** Whether `other` fits every preference `seeker` marked as a dealbreaker (an unstated one is no bar). */
export function meetsDealbreakers(seeker: RankingFacts, other: MemberTraits, miles = milesApart(seeker.traits, other)): boolean {
  for (const dealbreaker of seeker.seeking.dealbreakers) {
    if (preferenceMet(seeker.seeking, dealbreaker, other, miles) === false) return false
  }
  return true
}

/** How many preferences `seeker` stated and how many of them `other` meets. */
function preferencesMet(seeker: RankingFacts, other: MemberTraits, miles: number | null) {
  let [stated, met] = [0, 0]
  for (const preference of dealbreakerValues) {
    const answer = preferenceMet(seeker.seeking, preference, other, miles)
    if (answer !== null) stated++
    if (answer) met++
  }
  return { stated, met }
}

/** Share (0–100) of the preferences both members stated that the other meets; 50 when neither stated any. */
function preferenceFit(a: RankingFacts, b: RankingFacts, miles: number | null) {
  const aboutB = preferencesMet(a, b.traits, miles)
  const aboutA = preferencesMet(b, a.traits, miles)
  const [stated, met] = [aboutB.stated + aboutA.stated, aboutB.met + aboutA.met]
  return {
    score: stated === 0 ? 50 : (met / stated) * 100,
    mutualFit: aboutB.stated > 0 && aboutA.stated > 0 && met === stated,
  }
}

function nearness(miles: number | null): number {
  return miles === null ? 0 : 100 / (1 + miles / NEARNESS_HALF_MILES)
}

function activity(lastActiveMs: number, now: Date): number {
  const days = Math.floor((now.getTime() - lastActiveMs) / DAY_MS)
  if (days <= 0) return 100
  if (days <= 3) return 75
  if (days <= 7) return 50
  if (days <= 30) return 25
  return 0
}

function profileStrength(candidate: RankingFacts): number {
  return (candidate.isVerified ? 60 : 0) + candidate.completeness * 8
}

/** How far away, in the words of a card; never an exact distance below a mile. */
function distanceReason(miles: number | null, city: string | null): string | null {
  if (miles === null || miles > NEAR_ENOUGH_TO_SAY) return null
  if (miles < SAME_CITY_MILES) return city ? `Also in ${city}` : 'Less than a mile away'
  const rounded = Math.round(miles)
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'} away`
}

function faithReason(viewer: MemberTraits, candidate: MemberTraits): string | null {
  if (viewer.isSabbathKeeper && candidate.isSabbathKeeper) return 'Both Sabbath keepers'
  if (viewer.denomination && viewer.denomination === candidate.denomination) return `Both ${denominationLabel(viewer.denomination)}`
  return null
}

/** Shared interview answers (the same option), said when there are a few. */
function answersReason({ agreedAnswers }: CompatibilityScores): string | null {
  return agreedAnswers >= 3 ? `Agree on ${agreedAnswers} interview answers` : null
}

/** The candidate's relevance to the viewer: what orders hundreds of candidates, so no sentences. */
export function rankCandidate(viewer: RankingFacts, candidate: RankingFacts, now: Date): Relevance {
  return relevanceWith(viewer, candidate, compatibilityScores(viewer.traits, candidate.traits), now)
}

/** The most compatibility adds to a relevance score (a compatibility of 100). */
export const MOST_FROM_COMPATIBILITY = RELEVANCE_WEIGHTS.compatibility * 100

/**
 * A relevance score's every part but compatibility: a few comparisons, against the interview
 * answers' hundreds, so a ranking can sum it first and score compatibility only where it matters.
 */
export function relevanceBesidesCompatibility(viewer: RankingFacts, candidate: RankingFacts, now: Date): number {
  const miles = milesApart(viewer.traits, candidate.traits)
  return (
    RELEVANCE_WEIGHTS.nearness * nearness(miles) +
    RELEVANCE_WEIGHTS.preferences * preferenceFit(viewer, candidate, miles).score +
    RELEVANCE_WEIGHTS.activity * activity(candidate.lastActiveMs, now) +
    RELEVANCE_WEIGHTS.profile * profileStrength(candidate)
  )
}

/** `rankCandidate` for a pair whose compatibility is already scored (and the rest, `besides`, when summed). */
export function relevanceWith(
  viewer: RankingFacts,
  candidate: RankingFacts,
  compatibility: CompatibilityScores,
  now: Date,
  besides = relevanceBesidesCompatibility(viewer, candidate, now),
): Relevance {
  const score = RELEVANCE_WEIGHTS.compatibility * compatibility.compatibilityScore + besides
  return { score: Math.round(score * 100) / 100, compatibility }
}

/** Why a ranked candidate is shown, most telling first, at most two: for the cards on a page. */
export function reasonsToShow(viewer: RankingFacts, candidate: RankingFacts, { compatibility }: Relevance, now: Date): string[] {
  const miles = milesApart(viewer.traits, candidate.traits)
  const reasons = [
    faithReason(viewer.traits, candidate.traits),
    distanceReason(miles, candidate.city),
    preferenceFit(viewer, candidate, miles).mutualFit ? 'You fit what each other hopes for' : null,
    answersReason(compatibility),
    candidate.isVerified ? 'Verified' : null,
    activity(candidate.lastActiveMs, now) === 100 ? 'Active today' : null,
  ].filter((reason): reason is string => reason !== null)
  return reasons.slice(0, MAX_REASONS)
}
