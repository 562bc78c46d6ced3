import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUANTUM_ALGORITHM_VERSION } from '#server/services/compatibility.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeInterview } from '#tests/support/interview.ts'
import { completeMember, type Harness, MANY_MEMBERS, onPlan, refusal, setLastActive } from '#tests/support/members.ts'

let h: Harness
beforeAll(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterAll(() => h.close())

describe('quantum matches', () => {
  it('ranks the members Discover would show by the engine, in the spec shape, without private fields', async () => {
    const ruth = await completeMember(h, { gender: 'woman', age: 30, denomination: 'seventh-day-adventist', isSabbathKeeper: true })
    const kindred = await completeMember(h, {
      gender: 'man',
      firstName: 'Boaz',
      age: 31,
      denomination: 'seventh-day-adventist',
      isSabbathKeeper: true,
    })
    const distant = await completeMember(h, {
      gender: 'man',
      firstName: 'Nabal',
      age: 58,
      denomination: 'catholic',
      city: 'Seattle',
      state: 'WA',
    })
    const liked = await completeMember(h, { gender: 'man', firstName: 'Liked' })
    const blocker = await completeMember(h, { gender: 'man', firstName: 'Blocker' })
    await completeMember(h, { gender: 'woman', firstName: 'Orpah' })
    await ruth.api.likes.create({ receiverId: liked.user.id })
    await blocker.api.safety.block({ userId: ruth.user.id })

    const { matches, dailyLimit } = await ruth.api.matches.quantum({ limit: 20 })
    expect(dailyLimit).toBe(5)
    const ids = matches.map((m) => m.user.id)
    expect(ids).not.toContain(ruth.user.id)
    expect(ids).not.toContain(liked.user.id)
    expect(ids).not.toContain(blocker.user.id)
    expect(ids.indexOf(kindred.user.id)).toBeLessThan(ids.indexOf(distant.user.id))
    const top = matches.find((m) => m.user.id === kindred.user.id)!
    expect(top).toMatchObject({
      user: { id: kindred.user.id, firstName: 'Boaz', lastName: 'Moab' },
      age: 31,
      city: 'Nashville',
      state: 'TN',
      isVerified: false,
      denomination: 'seventh-day-adventist',
      quantumAlgorithmVersion: QUANTUM_ALGORITHM_VERSION,
    })
    expect(top.compatibilityScore).toBeGreaterThan(matches.find((m) => m.user.id === distant.user.id)!.compatibilityScore)
    for (const key of ['birthDate', 'latitude', 'longitude', 'email']) expect(top).not.toHaveProperty(key)
  })

  it('gives the free plan its top 5 and a quantum matching plan as many as it asks for', async () => {
    const ruth = await completeMember(h, { gender: 'woman', age: 35 })
    for (let i = 0; i < 8; i++) await completeMember(h, { gender: 'man', age: 30 + i })
    expect((await ruth.api.matches.quantum({ limit: 20 })).matches).toHaveLength(5)
    expect(await ruth.api.premium.features()).toEqual([])

    const premium = await onPlan(h, ruth, 'premium')
    const { matches, dailyLimit } = await premium.matches.quantum({ limit: 20 })
    expect(dailyLimit).toBeNull()
    expect(matches.length).toBeGreaterThan(5)
    expect(await premium.premium.features()).toContain('quantum_matching')
  })

  it('scores members who answered the interview alike higher than before they answered', async () => {
    const ruth = await completeMember(h, { gender: 'woman', age: 44, denomination: 'methodist' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Jesse', age: 45, denomination: 'methodist' })
    const before = (await ruth.api.matches.quantum({ limit: 5 })).matches.find((m) => m.user.id === boaz.user.id)!
    await completeInterview(ruth)
    await completeInterview(boaz)
    const after = (await ruth.api.matches.quantum({ limit: 5 })).matches.find((m) => m.user.id === boaz.user.id)!
    expect(after.compatibilityScore).toBeGreaterThan(before.compatibilityScore)
    expect(after.personalityCompatibilityScore).toBeGreaterThan(90)
    expect(before.personalityCompatibilityScore).toBe(50)
  })

  it('breaks a tie in compatibility by relevance, at the edge of the limit too', async () => {
    const faith = { denomination: 'baptist', isSabbathKeeper: true, city: 'Denver', state: 'CO' } as const
    const ruth = await completeMember(h, { gender: 'woman', age: 50, ...faith })
    const [yesterday, today, lastMonth] = [
      await completeMember(h, { gender: 'man', firstName: 'Yesterday', age: 51, ...faith }),
      await completeMember(h, { gender: 'man', firstName: 'Today', age: 51, ...faith }),
      await completeMember(h, { gender: 'man', firstName: 'LastMonth', age: 51, ...faith }),
    ]
    for (const member of [ruth, yesterday, today, lastMonth]) await completeInterview(member)
    const now = Date.now()
    await setLastActive(h, today, new Date(now))
    await setLastActive(h, yesterday, new Date(now - 30 * 3_600_000))
    await setLastActive(h, lastMonth, new Date(now - 40 * 86_400_000))
    const premium = await onPlan(h, ruth, 'premium')

    const three = (await premium.matches.quantum({ limit: 3 })).matches
    expect(three.map((m) => m.user.firstName)).toEqual(['Today', 'Yesterday', 'LastMonth'])
    expect(new Set(three.map((m) => m.compatibilityScore)).size).toBe(1)
    expect((await premium.matches.quantum({ limit: 1 })).matches.map((m) => m.user.firstName)).toEqual(['Today'])
    expect((await premium.matches.quantum({ limit: 2 })).matches.map((m) => m.user.firstName)).toEqual(['Today', 'Yesterday'])
  })

  it('asks for a complete profile first, and refuses visitors', async () => {
    const incomplete = await h.member()
    expect((await refusal(incomplete.api.matches.quantum({ limit: 20 }))).message).toBe('Please complete your profile to discover members.')
    expect((await refusal(h.caller().api.matches.quantum({ limit: 20 }))).code).toBe('UNAUTHORIZED')
    expect((await refusal(h.caller().api.premium.features())).code).toBe('UNAUTHORIZED')
  })
})
