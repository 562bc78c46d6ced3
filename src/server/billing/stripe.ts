import Stripe from 'stripe'
import type { Config } from '#server/env.ts'
import { type BillingPeriod, billingPeriods, planById } from '#shared/content/plans.ts'
import type { BillingMode } from '#shared/schemas/billing.ts'
import { type PlanId, planIds } from '#shared/schemas/plan-ids.ts'

export type { Stripe }

/** Stripe runs only with both keys: a secret key without the webhook secret could take money and never hear back. */
export function billingMode(config: Config): BillingMode {
  return config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'demo'
}

const clients = new WeakMap<Config, Stripe>()

/** The process's one Stripe client for this configuration, or null in demo mode. */
export function stripeFor(config: Config): Stripe | null {
  if (billingMode(config) !== 'stripe') return null
  let client = clients.get(config)
  if (!client) {
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null
    client = new Stripe(config.STRIPE_SECRET_KEY!, {
      appInfo: { name: 'Covenant' },
      telemetry: false,
      timeout: 20_000,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    })
    clients.set(config, client)
  }
  return client
}

/** `covenant_premium_monthly`: how a plan's price is found again in Stripe, across deploys and accounts. */
function priceLookupKey(planId: PlanId, interval: BillingPeriod): string {
  return `covenant_${planId}_${interval}`
}

function planOfLookupKey(key: string | null | undefined): { planId: PlanId; interval: BillingPeriod } | null {
  const match = /^covenant_([a-z]+)_([a-z]+)$/.exec(key ?? '')
  const planId = planIds.find((id) => id === match?.[1])
  const interval = billingPeriods.find((period) => period === match?.[2])
  return planId && interval && planId !== 'free' ? { planId, interval } : null
}

export function toCents(amountUsd: number): number {
  return Math.round(amountUsd * 100)
}

/** The plan's recurring price, looked up by its key, and created (with its product) the first time. */
export async function planPrice(stripe: Stripe, planId: PlanId, interval: BillingPeriod): Promise<string> {
  const lookupKey = priceLookupKey(planId, interval)
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })
  if (found.data[0]) return found.data[0].id
  const plan = planById[planId]
  const created = await stripe.prices.create({
    currency: 'usd',
    unit_amount: toCents(plan.price[interval]),
    recurring: { interval: interval === 'yearly' ? 'year' : 'month' },
    lookup_key: lookupKey,
    // Two checkouts creating it at once: the later one takes the key over, and both prices charge the same.
    transfer_lookup_key: true,
    product_data: { name: plan.name, metadata: { planId } },
    metadata: { planId, interval },
  })
  return created.id
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

/**
 * When the subscription's paid period ends. Recent API versions keep it on each item; an endpoint
 * pinned to an older version still sends it on the subscription itself.
 */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items?.data?.map((item) => item.current_period_end).filter((end) => typeof end === 'number') ?? []
  const legacy = (subscription as { current_period_end?: unknown }).current_period_end
  const end = ends.length > 0 ? Math.min(...ends) : typeof legacy === 'number' ? legacy : null
  return end === null ? null : new Date(end * 1000)
}

/** The plan a Stripe subscription pays for: its price's lookup key, else the metadata the checkout set. */
export function planOfSubscription(subscription: Stripe.Subscription): { planId: PlanId; interval: BillingPeriod } | null {
  const fromPrice = planOfLookupKey(subscription.items?.data?.[0]?.price?.lookup_key)
  if (fromPrice) return fromPrice
  const { planId, interval } = subscription.metadata ?? {}
  return planOfLookupKey(`covenant_${planId}_${interval}`)
}

/** The subscription an invoice bills: under `parent` in recent API versions, at the top in older ones. */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription)
  return fromParent ?? idOf((invoice as { subscription?: string | { id: string } | null }).subscription)
}

export function customerOf(value: string | { id: string } | null | undefined): string | null {
  return idOf(value)
}

/**
 * Stops a subscription at Stripe at once; false when it had already ended or Stripe does not know it.
 * Any other failure is thrown, for the job that asked to be tried again.
 */
export async function cancelSubscription(stripe: Stripe, subscriptionId: string): Promise<boolean> {
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId)
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return false
    await stripe.subscriptions.cancel(subscriptionId)
    return true
  } catch (err) {
    if ((err as { code?: string }).code === 'resource_missing') return false
    throw err
  }
}
