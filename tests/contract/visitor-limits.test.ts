import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicErrorMessage } from '#server/errors.ts'
import { VISITING_TOO_FAST } from '#server/trpc/init.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { type Harness, refusal } from '#tests/support/members.ts'

let h: Harness
beforeAll(async () => {
  h = await contractHarness({ PUBLIC_REQUESTS_PER_MINUTE: '5' })
})
afterAll(() => h.close())

describe('what any visitor can call', () => {
  it('answers reference data from memory, the same list each time', async () => {
    const visitor = h.caller({ clientIp: '203.0.113.1' }).api
    const [first, second] = [
      await visitor.places.cities({ country: 'US', state: 'TN' }),
      await visitor.places.cities({ country: 'US', state: 'TN' }),
    ]
    expect(first).toContain('Nashville')
    expect(second).toEqual(first)
    expect(await visitor.places.cities({ country: 'ZZ', state: 'QQ' })).toEqual([])
  })

  it('is limited per address, with Retry-After, and one address does not use up another', async () => {
    const flooder = h.caller({ clientIp: '203.0.113.7' })
    for (let i = 0; i < 5; i++) await flooder.api.places.countries()
    const refused = await refusal(flooder.api.places.countries())
    expect(refused.code).toBe('TOO_MANY_REQUESTS')
    expect(publicErrorMessage(refused)).toBe(VISITING_TOO_FAST)
    expect(flooder.headers.find(([name]) => name === 'Retry-After')?.[1]).toMatch(/^\d+$/)
    expect((await h.caller({ clientIp: '203.0.113.8' }).api.places.countries()).length).toBeGreaterThan(200)
  })
})
