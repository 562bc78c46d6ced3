import { count, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#db/client.ts'
import { interviewAnswers, interviews, profilePrompts, profiles, users, verifications } from '#db/schema/index.ts'
import { verifyPassword } from '#server/auth/password.ts'
import { DEMO_PASSWORD, seedDemoMembers } from '#server/seed/index.ts'
import { interviewQuestions } from '#shared/content/interview-questions.ts'
import { ProfilePromptsInput } from '#shared/schemas/prompts.ts'

const today = new Date('2025-03-15T12:00:00Z')
let handle: DatabaseHandle

beforeEach(async () => {
  handle = await openDatabase(':memory:')
  await migrateDatabase(handle.db)
})

afterEach(() => handle.close())

async function rowCount(table: typeof users | typeof profiles): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(table)
  return row?.n ?? 0
}

describe('seedDemoMembers', () => {
  it('fills an empty database with members, profiles and the demo password', async () => {
    expect(await seedDemoMembers(handle.db, { count: 50, today })).toBe(50)
    expect(await rowCount(users)).toBe(50)
    expect(await rowCount(profiles)).toBe(50)

    const [grace] = await handle.db
      .select({ user: users, profile: profiles })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.email, 'demo@covenant.app'))
    expect(grace?.user.firstName).toBe('Grace')
    expect(grace?.profile).toMatchObject({ city: 'Nashville', state: 'TN', country: 'US', photoId: null })
    expect(grace?.profile.latitude).toBeCloseTo(36.17, 1)
    expect(await verifyPassword(grace!.user.passwordHash!, DEMO_PASSWORD)).toBe(true)

    const unplaced = await handle.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.latitude, 0))
    expect(unplaced).toEqual([])
  })

  it("backs every demo member's Verified badge with an approved faith verification", async () => {
    await seedDemoMembers(handle.db, { count: 50, today })
    const verifiedProfiles = await handle.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.isVerified, true))
    const approved = await handle.db
      .select({ userId: verifications.userId, type: verifications.type })
      .from(verifications)
      .where(eq(verifications.status, 'verified'))
    expect(verifiedProfiles.length).toBeGreaterThan(0)
    expect(approved.map((row) => row.userId).sort()).toEqual(verifiedProfiles.map((row) => row.userId).sort())
    expect(new Set(approved.map((row) => row.type))).toEqual(new Set(['faith']))
  })

  it('gives most demo members a completed AI interview with valid answers, but not the two published accounts', async () => {
    await seedDemoMembers(handle.db, { count: 50, today })
    const done = await handle.db.select({ userId: interviews.userId, completedAt: interviews.completedAt }).from(interviews)
    expect(done.length).toBeGreaterThan(20)
    expect(done.length).toBeLessThan(45)
    expect(done.every((row) => row.completedAt !== null)).toBe(true)
    const featured = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@covenant.app'))
    expect(done.map((row) => row.userId)).not.toContain(featured[0]!.id)
    const answers = await handle.db.select().from(interviewAnswers)
    expect(answers).toHaveLength(done.length * interviewQuestions.length)
    for (const answer of answers) {
      const question = interviewQuestions.find((q) => q.id === answer.questionId)!
      if (question.type === 'choice') expect(question.options).toContain(answer.response)
    }
  })

  it('answers two or three prompts on most demo profiles, each a valid set in its order', async () => {
    await seedDemoMembers(handle.db, { count: 50, today })
    const rows = await handle.db.select().from(profilePrompts).orderBy(profilePrompts.userId, profilePrompts.position)
    const byMember = new Map<string, typeof rows>()
    for (const row of rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row])
    expect(byMember.size).toBeGreaterThan(35)
    for (const prompts of byMember.values()) {
      expect(prompts.map((prompt) => prompt.position)).toEqual(prompts.map((_, index) => index))
      expect(ProfilePromptsInput.safeParse({ prompts }).success).toBe(true)
      expect(prompts.length).toBeGreaterThanOrEqual(2)
      for (const { answer } of prompts) expect(answer).not.toMatch(/[{}]/)
    }
  })

  it('inserts nothing when the database already has members', async () => {
    await seedDemoMembers(handle.db, { count: 50, today })
    expect(await seedDemoMembers(handle.db, { count: 50, today })).toBe(0)
    expect(await rowCount(users)).toBe(50)
  })
})
