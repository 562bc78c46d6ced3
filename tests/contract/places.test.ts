import { TRPCError } from '@trpc/server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles } from '#db/schema/index.ts'
import { contractHarness } from '#tests/support/contract.ts'

type Harness = Awaited<ReturnType<typeof contractHarness>>

let h: Harness
beforeAll(async () => {
  h = await contractHarness()
})
afterAll(() => h.close())

describe('places', () => {
  it('offers a state’s cities whole, or the few that begin as the member types', async () => {
    const { api } = h.caller()
    const all = await api.places.cities({ country: 'US', state: 'TN' })
    expect(all).toContain('Collegedale')
    const typed = await api.places.cities({ country: 'US', state: 'TN', startsWith: 'Knox' })
    expect(typed).toContain('Knoxville')
    expect(typed.length).toBeLessThanOrEqual(20)
    expect(typed.every((name) => name.startsWith('Knox'))).toBe(true)
  })

  it('keeps a place saved under the earlier gazetteer while the member edits the rest of the profile', async () => {
    const member = await h.member()
    await member.api.profile.update({ city: 'Nashville', state: 'TN', country: 'US' })
    // A row written before the gazetteer changed: a spelling and a state code it no longer has.
    await h.db
      .update(profiles)
      .set({ city: 'Washington, D.C.', state: 'DC-OLD', country: 'US', latitude: 38.9, longitude: -77.04 })
      .where(eq(profiles.userId, member.user.id))
    const saved = await member.api.profile.update({ bio: 'Still here.', city: 'Washington, D.C.', state: 'DC-OLD', country: 'US' })
    expect(saved).toMatchObject({ city: 'Washington, D.C.', state: 'DC-OLD', bio: 'Still here.' })

    const moved = await member.api.profile.update({ city: 'washington', state: 'DC', country: 'US' })
    expect(moved).toMatchObject({ city: 'Washington', state: 'DC' })
    const refused = await member.api.profile.update({ city: 'Washington, D.C.', state: 'DC-OLD', country: 'US' }).catch((e) => e)
    expect(refused).toBeInstanceOf(TRPCError)
  })
})
