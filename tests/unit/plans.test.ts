import { describe, expect, it } from 'vitest'
import { bypassFeeNotice, bypassFees } from '#shared/content/bypass-fees.ts'
import { featureComparison } from '#shared/content/feature-comparison.ts'
import { incomeTiers } from '#shared/content/income-tiers.ts'
import { planById, planIds, planName, plans } from '#shared/content/plans.ts'

describe('plans', () => {
  it('offers the spec’s five plans, in order, with their names and USD prices', () => {
    expect(plans.map(({ id, name, price }) => ({ id, name, price }))).toEqual([
      { id: 'free', name: 'Faith Explorer', price: { monthly: 0, yearly: 0 } },
      { id: 'premium', name: 'Divine Connection', price: { monthly: 19.99, yearly: 199.99 } },
      { id: 'elite', name: 'Quantum Soul', price: { monthly: 49.99, yearly: 499.99 } },
      { id: 'millionaire', name: "Millionaire's Faith", price: { monthly: 1000, yearly: 10000 } },
      { id: 'billionaire', name: "Billionaire's Covenant", price: { monthly: 5000, yearly: 50000 } },
    ])
    expect(planIds).toEqual(['free', 'premium', 'elite', 'millionaire', 'billionaire'])
  })

  it('files every plan under its own id', () => {
    for (const id of planIds) expect(planById[id].id).toBe(id)
  })

  it('names a plan from its id', () => {
    expect(planName('free')).toBe('Faith Explorer')
    expect(planName('elite')).toBe('Quantum Soul')
    expect(planName('billionaire')).toBe("Billionaire's Covenant")
  })

  it('gives every plan a description, a badge and features', () => {
    for (const plan of plans) {
      expect(plan.description.trim()).not.toBe('')
      expect(plan.badge.trim()).not.toBe('')
      expect(plan.features.length).toBeGreaterThan(0)
    }
  })

  it('limits the free plan to 5 daily matches and 3 messages a day, without filters or read receipts', () => {
    expect(planById.free.features).toEqual(expect.arrayContaining(['Basic profile', '5 daily matches', '3 messages per day']))
    expect(planById.free.limitations).toEqual(expect.arrayContaining(['No advanced filters', 'No read receipts']))
  })

  it('keeps the two top plans exclusive, with the spec’s income ranges', () => {
    expect(plans.filter((plan) => plan.exclusive).map((plan) => plan.id)).toEqual(['millionaire', 'billionaire'])
    expect(planById.millionaire.incomeRange).toBe('$500K-$9M')
    expect(planById.billionaire.incomeRange).toBe('$10M+')
  })
})

describe('income tiers', () => {
  it('lists tier1 to tier5 with the spec’s ranges', () => {
    expect(incomeTiers.map(({ id, label }) => [id, label])).toEqual([
      ['tier1', '$100K-$500K'],
      ['tier2', '$500K-$1M'],
      ['tier3', '$1M-$5M'],
      ['tier4', '$5M-$10M'],
      ['tier5', '$10M+'],
    ])
  })

  it('joins the tiers without gaps, leaving the top one open-ended', () => {
    for (let tier = 1; tier < incomeTiers.length; tier++) {
      expect(incomeTiers[tier]?.minUsd).toBe(incomeTiers[tier - 1]?.maxUsd)
    }
    expect(incomeTiers.at(-1)?.maxUsd).toBeNull()
  })
})

describe('bypass fees', () => {
  it('offers the three commitment levels at the spec’s prices', () => {
    expect(bypassFees.map(({ label, amountUsd }) => [label, amountUsd])).toEqual([
      ['Serious Commitment', 2500],
      ['Very Serious', 7500],
      ['Extremely Serious', 15000],
    ])
  })

  it('warns that fees are non-refundable and verification is still required', () => {
    expect(bypassFeeNotice).toBe('Bypass fees are non-refundable; faith and identity verification are still required with a bypass.')
  })
})

describe('advanced features comparison', () => {
  it('has the pricing page’s four columns with 4 to 6 items each', () => {
    expect(featureComparison.map((column) => column.title)).toEqual([
      'Core Features',
      'Spiritual Tools',
      'Premium Experience',
      'Elite Benefits',
    ])
    for (const column of featureComparison) {
      expect(column.items.length).toBeGreaterThanOrEqual(4)
      expect(column.items.length).toBeLessThanOrEqual(6)
    }
  })
})
