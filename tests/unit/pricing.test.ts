import { describe, expect, it } from 'vitest'
import { plans } from '#shared/content/plans.ts'
import { formatPrice, maxYearlySavingPercent, yearlySavingPercent } from '#shared/logic/pricing.ts'

describe('formatPrice', () => {
  it('shows the plan cards’ prices as the spec writes them', () => {
    expect(plans.map((plan) => [formatPrice(plan.price.monthly, 'monthly'), formatPrice(plan.price.yearly, 'yearly')])).toEqual([
      ['Free', 'Free'],
      ['$19.99/month', '$199.99/year'],
      ['$49.99/month', '$499.99/year'],
      ['$1K/month', '$10K/year'],
      ['$5K/month', '$50K/year'],
    ])
  })

  it('shows whole and fractional amounts below $1,000 in dollars', () => {
    expect(formatPrice(20, 'monthly')).toBe('$20/month')
    expect(formatPrice(9.5, 'monthly')).toBe('$9.50/month')
    expect(formatPrice(999.99, 'yearly')).toBe('$999.99/year')
  })

  it('shows amounts from $1,000 up in thousands', () => {
    expect(formatPrice(1000, 'yearly')).toBe('$1K/year')
    expect(formatPrice(2500, 'monthly')).toBe('$2.5K/month')
  })
})

describe('yearlySavingPercent', () => {
  it('rounds the saving of yearly over twelve monthly payments', () => {
    expect(yearlySavingPercent(19.99, 199.99)).toBe(17)
    expect(yearlySavingPercent(49.99, 499.99)).toBe(17)
    expect(yearlySavingPercent(1000, 10000)).toBe(17)
    expect(yearlySavingPercent(10, 60)).toBe(50)
    expect(yearlySavingPercent(10, 120)).toBe(0)
  })

  it('is 0 for the free plan', () => {
    expect(yearlySavingPercent(0, 0)).toBe(0)
  })
})

describe('maxYearlySavingPercent', () => {
  it('gives the banner its "Save up to 17%"', () => {
    expect(`Save up to ${maxYearlySavingPercent(plans)}%`).toBe('Save up to 17%')
  })

  it('picks the best saving among plans', () => {
    const custom = [{ price: { monthly: 10, yearly: 100 } }, { price: { monthly: 10, yearly: 90 } }]
    expect(maxYearlySavingPercent(custom)).toBe(25)
  })

  it('is 0 when only the free plan is offered', () => {
    expect(maxYearlySavingPercent(plans.filter((plan) => plan.id === 'free'))).toBe(0)
  })
})
