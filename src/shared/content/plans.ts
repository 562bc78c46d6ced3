import { entitlementsByPlan } from '#shared/logic/entitlements.ts'
import { type PlanId, planIds } from '#shared/schemas/plan-ids.ts'

export { type PlanId, planIds }

export const billingPeriods = ['monthly', 'yearly'] as const
export type BillingPeriod = (typeof billingPeriods)[number]

export interface PlanPrice {
  monthly: number
  yearly: number
}

export interface Plan {
  id: PlanId
  name: string
  description: string
  price: PlanPrice
  badge: string
  features: readonly string[]
  limitations: readonly string[]
  incomeRange?: string
  exclusive?: boolean
}

const free = entitlementsByPlan.free.limits
const premium = entitlementsByPlan.premium.limits
const elite = entitlementsByPlan.elite.limits

// Every line below is a promise the product keeps: each reads src/shared/logic/entitlements.ts.
export const planById: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Faith Explorer',
    description: 'Start your journey with the essentials and meet believers near you.',
    price: { monthly: 0, yearly: 0 },
    badge: 'Free',
    features: [
      'Basic profile',
      `${free.quantumMatches} daily matches`,
      `${free.messagesPerDay} messages per day`,
      `${free.likesPerDay} likes per day`,
      'Sabbath Corner and Evangelism Hub',
      'Community events',
      'Faith, income and education verification',
    ],
    limitations: ['No advanced filters', 'No read receipts', 'Likes You shows how many, not who'],
  },
  premium: {
    id: 'premium',
    name: 'Divine Connection',
    description: 'Everything you need to find a spouse who shares your faith.',
    price: { monthly: 19.99, yearly: 199.99 },
    badge: 'Most Popular',
    features: [
      'Unlimited likes',
      'Unlimited messages',
      'See who likes you',
      'Advanced filters: verified, Sabbath keepers, photos, education, denominations',
      'Read receipts',
      `Up to ${premium.quantumMatches} quantum faith matches`,
      `${premium.counselingPerDay} AI counseling questions a day`,
    ],
    limitations: ['No weekly spotlight', 'No incognito browsing'],
  },
  elite: {
    id: 'elite',
    name: 'Quantum Soul',
    description: 'Be seen first by the members who fit you, and browse on your own terms.',
    price: { monthly: 49.99, yearly: 499.99 },
    badge: 'Elite',
    features: [
      'Everything in Divine Connection',
      'A weekly spotlight near the top of Discover',
      'Incognito browsing: seen only by members you like',
      `${elite.counselingPerDay} AI counseling questions a day`,
    ],
    limitations: ['Income-verified circle not included'],
  },
  millionaire: {
    id: 'millionaire',
    name: "Millionaire's Faith",
    description: 'An income-verified circle for established believers.',
    price: { monthly: 1000, yearly: 10000 },
    badge: 'By Application',
    features: ['Everything in Quantum Soul', 'The income-verified circle in Discover', 'Circle-only community events'],
    limitations: ['Requires income verification of $500K to $9M'],
    incomeRange: '$500K-$9M',
    exclusive: true,
  },
  billionaire: {
    id: 'billionaire',
    name: "Billionaire's Covenant",
    description: 'The same private circle, for believers of exceptional means.',
    price: { monthly: 5000, yearly: 50000 },
    badge: 'By Invitation',
    features: ["Everything in Millionaire's Faith", 'Reserved for members verified at $10M+'],
    limitations: ['Requires income verification of $10M+'],
    incomeRange: '$10M+',
    exclusive: true,
  },
}

export const plans: readonly Plan[] = planIds.map((id) => planById[id])

export function planName(id: PlanId): string {
  return planById[id].name
}
