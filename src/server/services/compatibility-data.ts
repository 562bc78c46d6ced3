import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { interviewAnswers, interviews, profiles } from '#db/schema/index.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import type { MemberTraits } from './compatibility.ts'

/** SQLite binds at most a few thousand parameters per statement. */
const IDS_PER_QUERY = 500

/**
 * What the engine needs about each member, in two queries per 500 members: the profile, and the
 * answers of each member's latest completed interview. Members without a profile are left out.
 */
export async function loadTraits(db: Database, userIds: string[], today = new Date()): Promise<Map<string, MemberTraits>> {
  const traits = new Map<string, MemberTraits>()
  for (let start = 0; start < userIds.length; start += IDS_PER_QUERY) {
    const ids = userIds.slice(start, start + IDS_PER_QUERY)
    const [rows, answers] = await Promise.all([
      db
        .select({
          userId: profiles.userId,
          birthDate: profiles.birthDate,
          denomination: profiles.denomination,
          isSabbathKeeper: profiles.isSabbathKeeper,
          faithJourney: profiles.faithJourney,
          churchName: profiles.churchName,
          latitude: profiles.latitude,
          longitude: profiles.longitude,
          state: profiles.state,
          country: profiles.country,
        })
        .from(profiles)
        .where(inArray(profiles.userId, ids)),
      db
        .select({
          userId: interviews.userId,
          interviewId: interviews.id,
          questionId: interviewAnswers.questionId,
          response: interviewAnswers.response,
        })
        .from(interviews)
        .innerJoin(interviewAnswers, eq(interviewAnswers.interviewId, interviews.id))
        .where(and(inArray(interviews.userId, ids), isNotNull(interviews.completedAt)))
        .orderBy(desc(interviews.completedAt)),
    ])

    const latestInterview = new Map<string, string>()
    const answersByUser = new Map<string, Record<string, string>>()
    for (const answer of answers) {
      if (!latestInterview.has(answer.userId)) latestInterview.set(answer.userId, answer.interviewId)
      if (latestInterview.get(answer.userId) !== answer.interviewId) continue
      const own = answersByUser.get(answer.userId) ?? {}
      own[answer.questionId] = answer.response
      answersByUser.set(answer.userId, own)
    }

    for (const row of rows) {
      traits.set(row.userId, {
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
        answers: answersByUser.get(row.userId) ?? {},
      })
    }
  }
  return traits
}
