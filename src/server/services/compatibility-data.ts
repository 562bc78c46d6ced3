import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { readInSlices } from '#db/large-reads.ts'
import { interviewAnswers, interviews, profiles } from '#db/schema/index.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import type { Denomination } from '#shared/schemas/profile-options.ts'
import { dealbreakersFromBits, type Seeking } from '#shared/schemas/seeking.ts'
import type { MemberTraits } from './compatibility.ts'
import type { RankingFacts } from './relevance.ts'

/** The member's most recently completed interview: the one whose answers count. */
const latestCompletedInterview = sql`(select latest.id from ${interviews} latest where latest.user_id = ${interviews.userId}
  and latest.completed_at is not null order by latest.completed_at desc limit 1)`

/** The profile columns the engine reads: select them with any query that lists members to rank. */
export const traitColumns = {
  userId: profiles.userId,
  birthDate: profiles.birthDate,
  city: profiles.city,
  denomination: profiles.denomination,
  isSabbathKeeper: profiles.isSabbathKeeper,
  faithJourney: profiles.faithJourney,
  churchName: profiles.churchName,
  latitude: profiles.latitude,
  longitude: profiles.longitude,
  state: profiles.state,
  country: profiles.country,
  seekingAgeMin: profiles.seekingAgeMin,
  seekingAgeMax: profiles.seekingAgeMax,
  seekingMaxMiles: profiles.seekingMaxMiles,
  seekingDenominations: profiles.seekingDenominations,
  seekingSabbath: profiles.seekingSabbath,
  dealbreakers: profiles.dealbreakers,
  isVerified: profiles.isVerified,
  photoId: profiles.photoId,
  bio: profiles.bio,
  spiritualGifts: profiles.spiritualGifts,
}

type TraitRow = {
  [K in keyof typeof traitColumns]:
    | (typeof traitColumns)[K]['_']['data']
    | ((typeof traitColumns)[K]['_']['notNull'] extends true ? never : null)
}

/**
 * Choice answers of each member's latest completed interview, by member: one row per member, the
 * answers folded into JSON by SQLite (far fewer rows to hand to JavaScript), in slices of ids.
 */
export async function interviewAnswersOf(db: Database, userIds: string[]): Promise<Map<string, Record<string, string>>> {
  const answers = new Map<string, Record<string, string>>()
  const rows = await readInSlices(userIds, (slice) =>
    db
      .select({
        userId: interviews.userId,
        answers: sql<string>`json_group_object(${interviewAnswers.questionId}, ${interviewAnswers.response})`,
      })
      .from(interviews)
      .innerJoin(interviewAnswers, eq(interviewAnswers.interviewId, interviews.id))
      .where(and(inArray(interviews.userId, slice), eq(interviews.id, latestCompletedInterview)))
      .groupBy(interviews.id),
  )
  for (const row of rows) answers.set(row.userId, JSON.parse(row.answers) as Record<string, string>)
  return answers
}

function traitsOf(row: TraitRow, answers: MemberTraits['answers'], today: Date): MemberTraits {
  return {
    userId: row.userId,
    age: row.birthDate ? ageOn(row.birthDate, today) : null,
    denomination: row.denomination,
    isSabbathKeeper: row.isSabbathKeeper,
    faithJourney: row.faithJourney,
    hasChurch: row.churchName.trim() !== '',
    place:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude, state: row.state, country: row.country }
        : null,
    answers,
  }
}

/**
 * One list for each set of dealbreakers, and one empty list of denominations, shared by the members
 * who state the same: a page reads them for hundreds of members, and a shared list stays in the
 * processor's cache where each member's own would be a miss. Ranking never changes them.
 */
const dealbreakerLists = new Map<number, Seeking['dealbreakers']>()
const NO_DENOMINATIONS: Denomination[] = []

/** Everything relevance ranking knows about a member, from a row with `traitColumns` and their answers. */
export function rankingFactsOf(row: TraitRow & { lastActiveAt: Date }, answers: MemberTraits['answers'], today: Date): RankingFacts {
  let dealbreakers = dealbreakerLists.get(row.dealbreakers)
  if (!dealbreakers) {
    dealbreakers = dealbreakersFromBits(row.dealbreakers)
    dealbreakerLists.set(row.dealbreakers, dealbreakers)
  }
  const seeking: Seeking = {
    ageMin: row.seekingAgeMin,
    ageMax: row.seekingAgeMax,
    maxMiles: row.seekingMaxMiles as Seeking['maxMiles'],
    denominations: row.seekingDenominations.length === 0 ? NO_DENOMINATIONS : (row.seekingDenominations as Denomination[]),
    sabbath: row.seekingSabbath,
    dealbreakers,
  }
  const completeness = [row.photoId, row.bio, row.faithJourney, row.churchName, row.spiritualGifts].filter(Boolean).length
  return rankingFacts(traitsOf(row, answers, today), seeking, row.city, row.isVerified, completeness, row.lastActiveAt.getTime())
}

/** The same facts with another last activity: a member's activity alone changes far more often than anything else. */
export function factsActiveAt({ traits, seeking, city, isVerified, completeness }: RankingFacts, lastActiveMs: number): RankingFacts {
  return rankingFacts(traits, seeking, city, isVerified, completeness, lastActiveMs)
}

/**
 * Facts are made here alone, so that every member's have the same shape (V8's hidden class): a
 * ranking reads them for hundreds of members a page, and code made for one shape stops and is made
 * again when another comes.
 */
function rankingFacts(
  traits: MemberTraits,
  seeking: Seeking,
  city: string | null,
  isVerified: boolean,
  completeness: number,
  lastActiveMs: number,
): RankingFacts {
  return { traits, seeking, city, isVerified, completeness, lastActiveMs }
}

/** What the engine needs about each member. Members without a profile are left out. */
export async function loadTraits(db: Database, userIds: string[], today = new Date()): Promise<Map<string, MemberTraits>> {
  const traits = new Map<string, MemberTraits>()
  const answers = await interviewAnswersOf(db, userIds)
  const rows = await readInSlices(userIds, (slice) => db.select(traitColumns).from(profiles).where(inArray(profiles.userId, slice)))
  for (const row of rows) traits.set(row.userId, traitsOf(row, answers.get(row.userId) ?? {}, today))
  return traits
}
