import type { BillingPeriod, PlanPrice } from '#shared/content/plans.ts'

const periodSuffix: Record<BillingPeriod, string> = { monthly: '/month', yearly: '/year' }

function formatAmount(amount: number): string {
  if (amount >= 1000) return `$${amount / 1000}K`
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`
}

/** 'Free', '$19.99/month', '$10K/year'. */
export function formatPrice(amount: number, period: BillingPeriod): string {
  if (amount === 0) return 'Free'
  return `${formatAmount(amount)}${periodSuffix[period]}`
}

/** Whole percent saved by paying yearly instead of twelve months. */
export function yearlySavingPercent(monthly: number, yearly: number): number {
  if (monthly === 0) return 0
  return Math.round(((12 * monthly - yearly) / (12 * monthly)) * 100)
}

export function maxYearlySavingPercent(plans: readonly { price: PlanPrice }[]): number {
  return Math.max(0, ...plans.map(({ price }) => yearlySavingPercent(price.monthly, price.yearly)))
}
