import { z } from 'zod'
import { type BillingPeriod, billingPeriods } from '#shared/content/plans.ts'
import { type PlanId, planIds } from './plan-ids.ts'

const paidPlanIds = planIds.filter((id) => id !== 'free') as [Exclude<PlanId, 'free'>, ...Exclude<PlanId, 'free'>[]]

/** `POST /api/subscription`: the plan to buy and how often to pay. */
export const SubscribeInput = z
  .object({
    planId: z.enum(paidPlanIds, 'Please choose a paid plan'),
    interval: z.enum(billingPeriods, 'Please choose monthly or yearly billing').default('monthly'),
  })
  .strict()
export type SubscribeInput = z.input<typeof SubscribeInput>

/** A checkout started by the member (a plan or an income bypass fee). */
export const CheckoutInput = z.object({ id: z.string('Please choose a checkout').min(1).max(64) }).strict()
export type CheckoutInput = z.input<typeof CheckoutInput>

const subscriptionStatuses = ['none', 'active', 'past_due', 'canceled'] as const
type SubscriptionStatus = (typeof subscriptionStatuses)[number]

/** Which checkout runs: Stripe when its keys are set, otherwise the labelled demo checkout. */
export type BillingMode = 'stripe' | 'demo'

/** `GET /api/subscription`. A member who never paid is on free with status `none`. */
export interface SubscriptionView {
  planId: PlanId
  interval: BillingPeriod | null
  status: SubscriptionStatus
  /** ISO time the plan renews, or ends when `cancelAtPeriodEnd`; null on free. */
  renewsAt: string | null
  cancelAtPeriodEnd: boolean
  /** While a payment has failed: the ISO time the plan returns to free unless paid. */
  graceEndsAt: string | null
  mode: BillingMode
}

/** What the in-product demo checkout page shows. */
export interface CheckoutView {
  id: string
  kind: 'plan' | 'bypass_fee'
  /** "Divine Connection, monthly" or "Commitment bypass: Very Serious". */
  description: string
  planId: PlanId | null
  interval: BillingPeriod | null
  amountUsd: number
  status: 'open' | 'completed' | 'expired'
  mode: BillingMode
}
