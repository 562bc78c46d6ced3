import type { LanguageModel } from 'ai'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { profiles } from '#db/schema/index.ts'
import { asData, DATA_NOT_INSTRUCTIONS, generateStructured, ModelUnavailableError } from '#server/ai/generate.ts'
import { LimitReachedError, UnavailableError } from '#server/errors.ts'
import { startsWithScriptureReference } from '#shared/content/bible-books.ts'
import { planById } from '#shared/content/plans.ts'
import { limitsOf } from '#shared/logic/entitlements.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import { denominationLabel, faithJourneyLabel } from '#shared/schemas/profile-options.ts'
import { interviewAnswersOf } from './interview.ts'
import { listMatches } from './matches.ts'
import { hitLimit, releaseHit } from './rate-limit.ts'

export const COUNSELING_NOT_CONFIGURED = 'AI marriage counseling requires API configuration. Please contact support.'
export const COUNSELING_UNAVAILABLE = 'AI counseling is unavailable right now. Please try again in a moment.'

const DAY_MS = 86_400_000

export function counselingAllowanceReached(plan: PlanId) {
  const upgrade =
    plan === 'free' || plan === 'premium' ? ` ${planById.elite.name} answers ${limitsOf('elite').counselingPerDay} a day.` : ''
  return `You have asked your ${limitsOf(plan).counselingPerDay} counseling questions for today.${upgrade} Please come back tomorrow.`
}

/** The rate-limit key of a member's daily counseling questions (also read for "left today"). */
export const counselingKey = (userId: string) => `counseling:${userId}`

const CounselingOutput = z.object({
  advice: z.string().min(1).max(4000),
  scriptures: z.array(z.string().min(1).max(400)).max(8),
  actionItems: z.array(z.string().min(1).max(400)).min(1).max(8),
})

const SYSTEM = [
  'You are a wise, warm Christian marriage counselor for Covenant, a community of marriage-minded Christian singles.',
  'Answer the member’s question with biblical wisdom and practical care, in plain language, in at most four short paragraphs.',
  'Ground your advice in the member’s situation as given. Cite real Bible passages only, each as "Book chapter:verse — a short quotation".',
  'Give two to five concrete action items. Encourage involving their pastor or a licensed counselor for abuse, addiction or crisis.',
  DATA_NOT_INSTRUCTIONS,
].join(' ')

/** What the counselor may know: the member's stated faith and place, their current match, their interview answers. */
async function memberSituation(db: Database, userId: string, today: Date) {
  const [profile] = await db
    .select({
      birthDate: profiles.birthDate,
      city: profiles.city,
      state: profiles.state,
      denomination: profiles.denomination,
      isSabbathKeeper: profiles.isSabbathKeeper,
      faithJourney: profiles.faithJourney,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  const [match] = await listMatches(db, userId, today)
  const { answers } = await interviewAnswersOf(db, userId)
  return {
    age: profile?.birthDate ? ageOn(profile.birthDate, today) : null,
    place: profile?.city ? `${profile.city}, ${profile.state}` : null,
    denomination: denominationLabel(profile?.denomination) || null,
    keepsSeventhDaySabbath: profile?.isSabbathKeeper ?? false,
    faithJourney: profile?.faithJourney ? faithJourneyLabel(profile.faithJourney) : null,
    currentMatch: match ? { firstName: match.user.firstName, age: match.user.age } : null,
    interview: answers.map(({ topic, response }) => ({ topic, response })),
  }
}

export async function counsel(
  db: Database,
  model: LanguageModel | null,
  member: { id: string; plan: PlanId },
  question: string,
  timeoutMs: number,
  today = new Date(),
) {
  if (!model) throw new UnavailableError(COUNSELING_NOT_CONFIGURED)
  // Counted before the model is asked, so parallel questions cannot pass the plan's allowance; a
  // refused question, or one the model could not answer, is given back.
  const key = counselingKey(member.id)
  const allowance = await hitLimit(db, key, { max: limitsOf(member.plan).counselingPerDay, windowMs: DAY_MS }, today.getTime())
  if (!allowance.allowed) {
    await releaseHit(db, key)
    throw new LimitReachedError(counselingAllowanceReached(member.plan), allowance.retryAfterSeconds)
  }
  const situation = await memberSituation(db, member.id, today)
  try {
    const answer = await generateStructured(model, {
      schema: CounselingOutput,
      system: SYSTEM,
      prompt: `${asData('member_data', situation)}\n\n${asData('question', question)}`,
      timeoutMs,
    })
    // A reference that names no real book is dropped rather than shown as Scripture.
    return { ...answer, scriptures: answer.scriptures.filter(startsWithScriptureReference) }
  } catch (error) {
    await releaseHit(db, key)
    if (error instanceof ModelUnavailableError) throw new UnavailableError(COUNSELING_UNAVAILABLE)
    throw error
  }
}
