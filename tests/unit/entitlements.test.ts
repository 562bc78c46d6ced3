import { describe, expect, it } from 'vitest'
import { incomeTierIds } from '#shared/content/income-tiers.ts'
import { planById } from '#shared/content/plans.ts'
import { entitlementsByPlan, hasFeature, limitsOf, mayBuyPlan, planUnlocking } from '#shared/logic/entitlements.ts'
import { planIds } from '#shared/schemas/plan-ids.ts'

describe('entitlements', () => {
  it('keeps the spec’s free tier: 5 daily matches and 3 messages a day, nothing unlocked', () => {
    expect(limitsOf('free')).toMatchObject({ quantumMatches: 5, messagesPerDay: 3 })
    expect(entitlementsByPlan.free.features).toEqual([])
  })

  it('gives Divine Connection unlimited likes and messages, read receipts, Likes You, filters and 50 quantum matches', () => {
    expect(limitsOf('premium')).toMatchObject({ likesPerDay: null, messagesPerDay: null, quantumMatches: 50 })
    for (const feature of ['quantum_matching', 'read_receipts', 'likes_you', 'advanced_filters'] as const) {
      expect(hasFeature('premium', feature)).toBe(true)
      expect(hasFeature('free', feature)).toBe(false)
    }
  })

  it('adds the spotlight, incognito and more counseling on Quantum Soul, and the circle from Millionaire’s Faith up', () => {
    expect(hasFeature('elite', 'weekly_spotlight')).toBe(true)
    expect(hasFeature('elite', 'incognito')).toBe(true)
    expect(hasFeature('premium', 'incognito')).toBe(false)
    expect(limitsOf('elite').counselingPerDay).toBeGreaterThan(limitsOf('premium').counselingPerDay)
    expect(limitsOf('premium').counselingPerDay).toBeGreaterThan(limitsOf('free').counselingPerDay)
    expect(hasFeature('elite', 'private_circle')).toBe(false)
    expect(hasFeature('millionaire', 'private_circle')).toBe(true)
    expect(hasFeature('billionaire', 'private_events')).toBe(true)
  })

  it('never takes a feature away or lowers a limit when a member moves up a plan', () => {
    const allowance = (limit: number | null) => limit ?? Number.POSITIVE_INFINITY
    for (let tier = 1; tier < planIds.length; tier++) {
      const lower = entitlementsByPlan[planIds[tier - 1]!]
      const higher = entitlementsByPlan[planIds[tier]!]
      expect(higher.features).toEqual(expect.arrayContaining([...lower.features]))
      for (const key of ['likesPerDay', 'messagesPerDay', 'quantumMatches', 'counselingPerDay'] as const) {
        expect(allowance(higher.limits[key])).toBeGreaterThanOrEqual(allowance(lower.limits[key]))
      }
    }
  })

  it('sells Millionaire’s Faith to verified incomes of $500K to $10M and Billionaire’s Covenant to $10M+ only', () => {
    const buyers = (plan: 'millionaire' | 'billionaire') => incomeTierIds.filter((tier) => mayBuyPlan(plan, tier))
    expect(buyers('millionaire')).toEqual(['tier2', 'tier3', 'tier4'])
    expect(buyers('billionaire')).toEqual(['tier5'])
    expect(mayBuyPlan('millionaire', null)).toBe(false)
    expect(mayBuyPlan('premium', null)).toBe(true)
    expect(mayBuyPlan('elite', null)).toBe(true)
  })

  it('sends an upgrade prompt to the cheapest plan that unlocks the feature', () => {
    expect(planUnlocking('likes_you')).toBe('premium')
    expect(planUnlocking('incognito')).toBe('elite')
    expect(planUnlocking('private_circle')).toBe('millionaire')
  })

  it('promises on /pricing exactly the limits the product enforces', () => {
    expect(planById.free.features).toContain(`${limitsOf('free').likesPerDay} likes per day`)
    expect(planById.premium.features).toContain(`Up to ${limitsOf('premium').quantumMatches} quantum faith matches`)
    expect(planById.elite.features).toContain(`${limitsOf('elite').counselingPerDay} AI counseling questions a day`)
  })
})
