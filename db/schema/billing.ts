import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { randomId } from '#db/ids.ts'
import { bypassFeeIds } from '#shared/content/bypass-fees.ts'
import { incomeTierIds } from '#shared/content/income-tiers.ts'
import { billingPeriods } from '#shared/content/plans.ts'
import { planIds } from '#shared/schemas/plan-ids.ts'
import { createdAt, id, updatedAt } from './columns.ts'
import { users } from './users.ts'

export const billingProviders = ['stripe', 'demo'] as const
export const storedSubscriptionStatuses = ['active', 'past_due', 'canceled'] as const
export const checkoutKinds = ['plan', 'bypass_fee'] as const
export const checkoutStatuses = ['open', 'completed', 'expired'] as const

/**
 * A member's paid plan, one row each, kept after it ends (status canceled) so the Stripe customer is
 * reused. `users.plan` is what every check reads; each write here changes it in the same batch.
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id', { enum: planIds }).notNull(),
    interval: text('interval', { enum: billingPeriods }).notNull(),
    status: text('status', { enum: storedSubscriptionStatuses }).notNull(),
    provider: text('provider', { enum: billingProviders }).notNull(),
    /** When the paid period ends: renewed then, or ended when `cancelAtPeriodEnd`. */
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }).notNull(),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    /** After a failed payment: the plan is kept until then, and returns to free after it. */
    graceEndsAt: integer('grace_ends_at', { mode: 'timestamp_ms' }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_unique').on(t.userId),
    uniqueIndex('subscriptions_stripe_unique').on(t.stripeSubscriptionId),
    // The billing sweep: periods that have ended and graces that have run out.
    index('subscriptions_period_end_idx').on(t.status, t.currentPeriodEnd),
    index('subscriptions_grace_idx').on(t.status, t.graceEndsAt),
  ],
)

/** One attempt to pay: a plan, or the income bypass fee (a one-off). Completing it is what activates. */
export const checkouts = sqliteTable(
  'checkouts',
  {
    id: text('id').primaryKey().$defaultFn(randomId),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: checkoutKinds }).notNull(),
    planId: text('plan_id', { enum: planIds }),
    interval: text('interval', { enum: billingPeriods }),
    incomeTier: text('income_tier', { enum: incomeTierIds }),
    bypassLevel: text('bypass_level', { enum: bypassFeeIds }),
    amountUsd: real('amount_usd').notNull(),
    status: text('status', { enum: checkoutStatuses }).notNull().default('open'),
    provider: text('provider', { enum: billingProviders }).notNull(),
    stripeSessionId: text('stripe_session_id'),
    /** The Stripe customer the session was made for, reused by the member's next checkout. */
    stripeCustomerId: text('stripe_customer_id'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('checkouts_stripe_session_unique').on(t.stripeSessionId),
    index('checkouts_status_idx').on(t.status, t.expiresAt),
  ],
)

/** Stripe events already handled, by their id: a redelivered event changes nothing. */
export const billingEvents = sqliteTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('billing_events_received_idx').on(t.receivedAt)],
)

export type Subscription = typeof subscriptions.$inferSelect
export type Checkout = typeof checkouts.$inferSelect
