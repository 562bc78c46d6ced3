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

/** dailyMatches: quantum matches; dailyLikes: likes and Thoughtful Interests sent in any 24 hours. */
export const freeTierLimits = { dailyMatches: 5, dailyMessages: 3, dailyLikes: 10 } as const

export const planById: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Faith Explorer',
    description: 'Start your journey with the essentials and meet believers near you.',
    price: { monthly: 0, yearly: 0 },
    badge: 'Free',
    features: [
      'Basic profile',
      `${freeTierLimits.dailyMatches} daily matches`,
      `${freeTierLimits.dailyMessages} messages per day`,
      'Daily verse and scripture love stories',
      'Community events',
    ],
    limitations: ['No advanced filters', 'No read receipts', 'Limited daily matches and messages', 'Likes You shows how many, not who'],
  },
  premium: {
    id: 'premium',
    name: 'Divine Connection',
    description: 'Everything you need to find a spouse who shares your faith.',
    price: { monthly: 19.99, yearly: 199.99 },
    badge: 'Most Popular',
    features: [
      'Unlimited matches',
      'Unlimited messages',
      'See who likes you',
      'Advanced filters',
      'Read receipts',
      'Verification basics',
      'Quantum faith matching',
      'Evangelism Hub access',
      'Prayer network',
      'Sabbath Corner',
    ],
    limitations: ['No encrypted verification', 'No holographic profile', 'No AI coaching'],
  },
  elite: {
    id: 'elite',
    name: 'Quantum Soul',
    description: 'Our most complete experience, with deeper verification and personal AI coaching.',
    price: { monthly: 49.99, yearly: 499.99 },
    badge: 'Elite',
    features: [
      'Everything in Divine Connection',
      'Encrypted verification',
      'Holographic profile',
      'AI relationship coaching',
      'Priority placement in Discover',
      'Priority support',
    ],
    limitations: ['Income-verified communities not included'],
  },
  millionaire: {
    id: 'millionaire',
    name: "Millionaire's Faith",
    description: 'An income-verified community for established believers. Membership by application.',
    price: { monthly: 1000, yearly: 10000 },
    badge: 'By Application',
    features: ['Everything in Quantum Soul', 'Income-verified member community', 'Private community events'],
    limitations: ['Requires income verification of $500K to $9M', 'Membership by application only'],
    incomeRange: '$500K-$9M',
    exclusive: true,
  },
  billionaire: {
    id: 'billionaire',
    name: "Billionaire's Covenant",
    description: 'A private, invitation-only circle for believers of exceptional means.',
    price: { monthly: 5000, yearly: 50000 },
    badge: 'By Invitation',
    features: ["Everything in Millionaire's Faith", 'Invitation-only member circle', 'Personal concierge'],
    limitations: ['Requires income verification of $10M+', 'Membership by invitation only'],
    incomeRange: '$10M+',
    exclusive: true,
  },
}

export const plans: readonly Plan[] = planIds.map((id) => planById[id])

export function planName(id: PlanId): string {
  return planById[id].name
}

const premiumPlanFeatures = [
  'quantum_matching',
  'unlimited_matches',
  'unlimited_messages',
  'likes_you',
  'advanced_filters',
  'read_receipts',
  'verification_basics',
  'evangelism_hub',
  'prayer_network',
  'sabbath_corner',
] as const
const elitePlanFeatures = [
  ...premiumPlanFeatures,
  'encrypted_verification',
  'holographic_profile',
  'ai_coaching',
  'priority_placement',
  'priority_support',
] as const
const millionairePlanFeatures = [...elitePlanFeatures, 'income_verified_community', 'private_events'] as const
const billionairePlanFeatures = [...millionairePlanFeatures, 'invitation_only_circle', 'personal_concierge'] as const

export type PremiumFeature = (typeof billionairePlanFeatures)[number]

/** Whether the plan shows who liked the member or sent them an interest (Likes You); others see only that someone did. */
export function seesWhoLikes(plan: PlanId): boolean {
  return premiumFeaturesByPlan[plan].includes('likes_you')
}

// What `GET /api/premium/features` lists for a member on each plan; each tier includes the one below.
export const premiumFeaturesByPlan: Readonly<Record<PlanId, readonly PremiumFeature[]>> = {
  free: [],
  premium: premiumPlanFeatures,
  elite: elitePlanFeatures,
  millionaire: millionairePlanFeatures,
  billionaire: billionairePlanFeatures,
}
