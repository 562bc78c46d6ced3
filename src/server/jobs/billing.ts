import type { Database } from '#db/client.ts'
import { cancelSubscription, stripeFor } from '#server/billing/stripe.ts'
import type { Config } from '#server/env.ts'
import { logger } from '#server/log.ts'
import { sweepBilling } from '#server/services/billing.ts'
import type { JobPayloads } from './kinds.ts'
import { PermanentJobError } from './queue.ts'
import type { JobHandler } from './runner.ts'

/** Often enough that a plan ends or renews within minutes of its period's end. */
export const BILLING_SWEEP_EVERY_MS = 10 * 60_000

/** Renewals, period ends and lapsed graces (services/billing.ts sweepBilling); each run is safe to repeat. */
export function createBillingSweepHandler(db: Database, clock: () => Date = () => new Date()): JobHandler<Record<string, never>> {
  return async () => {
    const changed = await sweepBilling(db, clock())
    if (changed.ended || changed.lapsed || changed.renewed) logger.info(changed, 'billing sweep')
  }
}

/** Cancels at Stripe what no member pays for any more; Stripe unreachable is tried again with the job's backoff. */
export function createStripeCancelHandler(config: Config): JobHandler<JobPayloads['stripe-cancel']> {
  return async ({ subscriptionId }) => {
    const stripe = stripeFor(config)
    if (!stripe) throw new PermanentJobError(`card payments are no longer set up: cancel ${subscriptionId} in Stripe's dashboard`)
    if (await cancelSubscription(stripe, subscriptionId)) logger.info({ subscriptionId }, 'stripe: subscription cancelled')
  }
}
