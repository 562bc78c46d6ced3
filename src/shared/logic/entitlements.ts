import type { IncomeTierId } from '#shared/content/income-tiers.ts'
import { type PlanId, planIds } from '#shared/schemas/plan-ids.ts'

/**
 * What each plan unlocks and allows: the one place the product asks. The pricing page's promises,
 * `GET /api/premium/features` and every server check read it.
 */

/** Features a plan may unlock; the free plan unlocks none of them. */
const planFeatures = [
  'quantum_matching',
  'unlimited_likes',
  'unlimited_messages',
  'read_receipts',
  'likes_you',
  'advanced_filters',
  'weekly_spotlight',
  'incognito',
  'private_circle',
  'private_events',
] as const
export type PlanFeature = (typeof planFeatures)[number]

export interface PlanLimits {
  /** Likes (a Thoughtful Interest is a like with a note) sent in any 24 hours; null: unlimited. */
  likesPerDay: number | null
  /** Messages sent in any 24 hours; null: unlimited. */
  messagesPerDay: number | null
  /** Quantum matches shown (the free plan's are its daily five). */
  quantumMatches: number
  /** Questions to the AI marriage counselor in any 24 hours. */
  counselingPerDay: number
}

export interface Entitlements {
  features: readonly PlanFeature[]
  limits: PlanLimits
  /** Income tiers a member must have verified to buy the plan; absent: open to anyone. */
  incomeTiers?: readonly IncomeTierId[]
}

const premiumFeatures = [
  'quantum_matching',
  'unlimited_likes',
  'unlimited_messages',
  'read_receipts',
  'likes_you',
  'advanced_filters',
] as const satisfies readonly PlanFeature[]
const eliteFeatures = [...premiumFeatures, 'weekly_spotlight', 'incognito'] as const satisfies readonly PlanFeature[]
const circleFeatures = [...eliteFeatures, 'private_circle', 'private_events'] as const satisfies readonly PlanFeature[]

const paidLimits = { likesPerDay: null, messagesPerDay: null, quantumMatches: 50 } as const

export const entitlementsByPlan: Readonly<Record<PlanId, Entitlements>> = {
  free: { features: [], limits: { likesPerDay: 10, messagesPerDay: 3, quantumMatches: 5, counselingPerDay: 3 } },
  premium: { features: premiumFeatures, limits: { ...paidLimits, counselingPerDay: 10 } },
  elite: { features: eliteFeatures, limits: { ...paidLimits, counselingPerDay: 30 } },
  // The spec's ranges: Millionaire's Faith $500K to $9M (tiers 2 to 4), Billionaire's Covenant $10M+.
  millionaire: { features: circleFeatures, limits: { ...paidLimits, counselingPerDay: 30 }, incomeTiers: ['tier2', 'tier3', 'tier4'] },
  billionaire: { features: circleFeatures, limits: { ...paidLimits, counselingPerDay: 30 }, incomeTiers: ['tier5'] },
}

export function hasFeature(plan: PlanId, feature: PlanFeature): boolean {
  return entitlementsByPlan[plan].features.includes(feature)
}

export function limitsOf(plan: PlanId): PlanLimits {
  return entitlementsByPlan[plan].limits
}

/** Whether a member whose verified income tier is `tier` (null: none verified) may buy the plan. */
export function mayBuyPlan(plan: PlanId, tier: IncomeTierId | null): boolean {
  const required = entitlementsByPlan[plan].incomeTiers
  return !required || (tier !== null && required.includes(tier))
}

/** The cheapest plan that unlocks a feature: where an upgrade prompt sends the member. */
export function planUnlocking(feature: PlanFeature): PlanId {
  return planIds.find((plan) => hasFeature(plan, feature))!
}
