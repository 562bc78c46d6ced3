import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { interviewAnswers, interviews, profilePrompts, profiles, users, verifications } from '#db/schema/index.ts'
import { hashPassword } from '#server/auth/password.ts'
import { findPlace, type Place } from '#server/services/places.ts'
import { type DemoMember, demoMembers } from './demo-members.ts'
import { demoInterviewAnswers } from './interview-answers.ts'
import { seedPortraits } from './portraits.ts'
import { demoPrompts } from './prompt-answers.ts'

/** Published with the demo (see `featuredAccounts` in demo-members.ts): every demo member has it. */
export const DEMO_PASSWORD = 'covenant-demo'

/** Keeps each INSERT far below SQLite's limit of 32,766 bound parameters (a profile row binds about 20). */
const ROWS_PER_INSERT = 100

/**
 * Fills an empty database with the demo community; returns how many members it inserted (0 if any user
 * exists, so a second run adds nothing). With `uploadsDir`, each member also gets an illustrated
 * portrait as their main photo (the benches seed without, as 100,000 drawings would take minutes).
 */
export async function seedDemoMembers(db: Database, options: { count?: number; today?: Date; uploadsDir?: string } = {}): Promise<number> {
  const today = options.today ?? new Date()
  // A write transaction: two processes starting at once cannot both see an empty table.
  const seeded = await db.transaction(async (tx) => {
    const [anyUser] = await tx.select({ id: users.id }).from(users).limit(1)
    if (anyUser) return []

    const members = demoMembers(today, options.count)
    // One hash for everyone: the password is published anyway, and argon2 at ~50 ms each would add
    // about 15 s to every first start.
    const passwordHash = await hashPassword(DEMO_PASSWORD)
    const rows = members.map((member, index) => toRows(member, index, passwordHash, placeOf(member)))
    for (const batch of chunks(rows, ROWS_PER_INSERT)) {
      await tx.insert(users).values(batch.map((row) => row.user))
      await tx.insert(profiles).values(batch.map((row) => row.profile))
      const prompts = batch.flatMap((row) => row.prompts)
      if (prompts.length) await tx.insert(profilePrompts).values(prompts)
      const verified = batch.flatMap((row) => row.verification ?? [])
      if (verified.length) await tx.insert(verifications).values(verified)
      const interviewed = batch.flatMap((row) => row.interview ?? [])
      if (interviewed.length) {
        await tx.insert(interviews).values(interviewed.map((interview) => interview.row))
        await tx.insert(interviewAnswers).values(interviewed.flatMap((interview) => interview.answers))
      }
    }
    return rows.map((row, index) => ({ userId: row.user.id!, member: members[index]! }))
  })
  // Drawn after the members' transaction, so a few seconds of drawing never hold the write lock.
  if (options.uploadsDir && seeded.length) await seedPortraits(db, options.uploadsDir, seeded, today)
  return seeded.length
}

function toRows(member: DemoMember, index: number, passwordHash: string, place: Place) {
  const userId = randomId()
  const user: typeof users.$inferInsert = {
    id: userId,
    email: member.email,
    passwordHash,
    firstName: member.firstName,
    lastName: member.lastName,
    lastActiveAt: member.lastActiveAt,
    // Demo addresses receive no mail; they count as confirmed so the demo shows no banner.
    emailVerifiedAt: member.joinedAt,
    createdAt: member.joinedAt,
    updatedAt: member.joinedAt,
  }
  const profile: typeof profiles.$inferInsert = {
    userId,
    gender: member.gender,
    birthDate: member.birthDate,
    city: place.city,
    state: place.state,
    country: place.country,
    latitude: place.latitude,
    longitude: place.longitude,
    denomination: member.denomination,
    isSabbathKeeper: member.isSabbathKeeper,
    bio: member.bio,
    faithJourney: member.faithJourney,
    spiritualGifts: member.spiritualGifts,
    churchName: member.churchName,
    isVerified: member.isVerified,
    createdAt: member.joinedAt,
    updatedAt: member.joinedAt,
  }
  return {
    user,
    profile,
    prompts: demoPrompts(member, index).map((prompt, position) => ({ userId, ...prompt, position, createdAt: member.joinedAt })),
    verification: member.isVerified ? faithVerification(userId, member) : undefined,
    interview: completedInterview(userId, member, index),
  }
}

/** Most demo members have taken the AI interview a few days after joining, so their matches are scored on it. */
function completedInterview(userId: string, member: DemoMember, index: number) {
  const answers = demoInterviewAnswers(member, index)
  if (!answers) return undefined
  const startedAt = new Date(member.joinedAt.getTime() + 3 * DAY_MS)
  const completedAt = new Date(startedAt.getTime() + 20 * 60_000)
  const row: typeof interviews.$inferInsert = {
    id: randomId(),
    userId,
    aiPersona: index % 2 ? 'male' : 'female',
    communicationMode: 'chat',
    startedAt,
    completedAt,
  }
  return {
    row,
    answers: Object.entries(answers).map(([questionId, response]) => ({
      interviewId: row.id!,
      userId,
      questionId,
      response,
      answeredAt: completedAt,
    })),
  }
}

const DAY_MS = 86_400_000

/** A verified member's Verified badge comes from an approved pastor's letter, as it would for a real member. */
function faithVerification(userId: string, member: DemoMember): typeof verifications.$inferInsert {
  const submittedAt = new Date(member.joinedAt.getTime() + 2 * DAY_MS)
  const churchDomain = member.churchName.toLowerCase().replace(/[^a-z]+/g, '')
  return {
    userId,
    type: 'faith',
    status: 'verified',
    details: {
      churchName: member.churchName,
      pastorName: 'Church office',
      pastorEmail: `office@${churchDomain}.example.org`,
      membershipYears: 5,
    },
    submittedAt,
    reviewedAt: new Date(submittedAt.getTime() + 2 * DAY_MS),
  }
}

function placeOf({ country, stateCode, city }: DemoMember): Place {
  const place = findPlace(country, stateCode, city)
  if (!place) throw new Error(`Demo city missing from the gazetteer: ${country}/${stateCode}/${city}`)
  return place
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size)
}
