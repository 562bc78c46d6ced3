import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { interviewAnswers, interviews, profiles } from '#db/schema/index.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import type { MemberTraits } from './compatibility.ts'

/** The member's most recently completed interview: the one whose answers count. */
const latestCompletedInterview = sql`(select latest.id from ${interviews} latest where latest.user_id = ${interviews.userId}
  and latest.completed_at is not null order by latest.completed_at desc limit 1)`

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
      // One row per member, the answers folded into JSON by SQLite: far fewer rows to hand to JavaScript.
      db
        .select({
          userId: interviews.userId,
          answers: sql<string>`json_group_object(${interviewAnswers.questionId}, ${interviewAnswers.response})`,
        })
        .from(interviews)
        .innerJoin(interviewAnswers, eq(interviewAnswers.interviewId, interviews.id))
        .where(and(inArray(interviews.userId, ids), eq(interviews.id, latestCompletedInterview)))
        .groupBy(interviews.id),
    ])

    const answersByUser = new Map(answers.map((row) => [row.userId, JSON.parse(row.answers) as Record<string, string>]))

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
