import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { interviewAnswers, interviews } from '#db/schema/index.ts'
import { scoreCompatibility } from '#server/services/compatibility.ts'
import { loadTraits } from '#server/services/compatibility-data.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS } from '#tests/support/members.ts'

describe("the engine's view of members", () => {
  let h: Harness
  beforeAll(async () => {
    h = await contractHarness(MANY_MEMBERS)
  })
  afterAll(() => h.close())

  async function interview(userId: string, answers: Record<string, string>, completedAt: Date | null) {
    const [row] = await h.db.insert(interviews).values({ userId, aiPersona: 'female', communicationMode: 'chat', completedAt }).returning()
    const entries = Object.entries(answers).map(([questionId, response]) => ({
      interviewId: row!.id,
      userId,
      questionId,
      response,
      answeredAt: completedAt ?? new Date(),
    }))
    if (entries.length) await h.db.insert(interviewAnswers).values(entries)
  }

  it('reads the profile and only the latest completed interview, in one call for many members', async () => {
    const ruth = await completeMember(h, { gender: 'woman', age: 29, denomination: 'seventh-day-adventist', isSabbathKeeper: true })
    const boaz = await completeMember(h, {
      gender: 'man',
      age: 33,
      city: 'Franklin',
      denomination: 'seventh-day-adventist',
      isSabbathKeeper: true,
    })
    await interview(ruth.user.id, { 'family-children': 'I hope for one child' }, new Date(Date.now() - 86_400_000))
    await interview(ruth.user.id, { 'family-children': 'I hope for two or three children' }, new Date())
    await interview(ruth.user.id, { 'family-children': 'I do not plan to have children' }, null)
    await interview(boaz.user.id, { 'family-children': 'I hope for two or three children' }, new Date())

    const traits = await loadTraits(h.db, [ruth.user.id, boaz.user.id, 'no-such-member'])
    expect([...traits.keys()].sort()).toEqual([ruth.user.id, boaz.user.id].sort())
    const ruthTraits = traits.get(ruth.user.id)!
    expect(ruthTraits).toMatchObject({ age: 29, denomination: 'seventh-day-adventist', isSabbathKeeper: true, hasChurch: false })
    expect(ruthTraits.answers).toEqual({ 'family-children': 'I hope for two or three children' })
    expect(ruthTraits.place).toMatchObject({ state: 'TN', country: 'US' })

    const report = scoreCompatibility(ruthTraits, traits.get(boaz.user.id)!)
    expect(report.reasons).toContainEqual({
      dimension: 'values',
      kind: 'strength',
      text: 'You agree on children: “I hope for two or three children”.',
    })
    expect(report.reasons).toContainEqual({ dimension: 'distance', kind: 'strength', text: 'You live within 50 miles of each other.' })
  })
})
