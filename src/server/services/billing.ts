import { and, desc, eq, inArray, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { billingEvents, type Checkout, checkouts, subscriptions, users, verifications } from '#db/schema/index.ts'
import {
  billingMode,
  customerOf,
  periodEndOf,
  planOfSubscription,
  planPrice,
  type Stripe,
  stripeFor,
  subscriptionOfInvoice,
  toCents,
} from '#server/billing/stripe.ts'
import { type Config, publicUrlOf } from '#server/env.ts'
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, UnavailableError } from '#server/errors.ts'
import { enqueueJob } from '#server/jobs/queue.ts'
import { logger } from '#server/log.ts'
import type { ContextDeps } from '#server/trpc/context.ts'
import { type BypassFeeId, bypassFees } from '#shared/content/bypass-fees.ts'
import { type IncomeTierId, incomeTierIds } from '#shared/content/income-tiers.ts'
import { type BillingPeriod, planById, plans } from '#shared/content/plans.ts'
import { mayBuyPlan } from '#shared/logic/entitlements.ts'
import { yearlySavingPercent } from '#shared/logic/pricing.ts'
import type { CheckoutView, SubscribeInput, SubscriptionView } from '#shared/schemas/billing.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { recordActivity } from './achievements.ts'
import { alreadySubmitted, bypassDetails, isUnpaidBypass } from './verification.ts'

export type BillingDeps = Pick<ContextDeps, 'db' | 'config' | 'realtime'>

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** A failed payment keeps the plan this long; the card can be fixed meanwhile. */
export const PAYMENT_GRACE_MS = 3 * DAY_MS
/** Both a demo checkout and a Stripe Checkout session are good for a day. */
const CHECKOUT_TTL_MS = DAY_MS
/** Stripe ends a subscription cancelled at period end itself; the sweep only steps in when its webhook never came. */
const STRIPE_END_MARGIN_MS = 6 * HOUR_MS
/** Handled Stripe events are remembered this long: far past Stripe's three days of retries. */
const EVENT_RETENTION_MS = 30 * DAY_MS
const SWEEP_BATCH = 200

const PAYMENTS_UNAVAILABLE = 'Payments are unavailable right now. Please try again in a moment.'
const CHECKOUT_NOT_FOUND = 'That checkout was not found.'

const DEMO_CHECKOUT_PATH = '/checkout/demo/'

type PaidPlan = Exclude<PlanId, 'free'>
type Interval = BillingPeriod

/** `GET /api/plans`: the plans as the pricing page shows them, with the percent saved by paying yearly. */
export function planCatalog() {
  return plans.map((plan) => ({ ...plan, yearlySaving: yearlySavingPercent(plan.price.monthly, plan.price.yearly) }))
}

/** One billing period on from `from`; the 31st of a month renews on the last day of a shorter one. */
export function addPeriod(from: Date, interval: Interval): Date {
  const next = new Date(from)
  const day = next.getUTCDate()
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + (interval === 'yearly' ? 12 : 1))
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(day, lastDay))
  return next
}

export async function subscriptionView(db: Database, config: Config, userId: string): Promise<SubscriptionView> {
  const [row] = await db
    .select({
      plan: users.plan,
      planRenewsAt: users.planRenewsAt,
      interval: subscriptions.interval,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      graceEndsAt: subscriptions.graceEndsAt,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId))
  if (!row) throw new NotFoundError()
  const mode = billingMode(config)
  if (!row.status) {
    // Never paid: free, or a plan given by an operator (scripts/set-plan.ts) with no renewal to show.
    const status = row.plan === 'free' ? 'none' : 'active'
    const renewsAt = row.planRenewsAt?.toISOString() ?? null
    return { planId: row.plan, interval: null, status, renewsAt, cancelAtPeriodEnd: false, graceEndsAt: null, mode }
  }
  const ended = row.status === 'canceled'
  return {
    planId: row.plan,
    interval: row.interval,
    status: row.status,
    renewsAt: ended ? null : (row.currentPeriodEnd?.toISOString() ?? null),
    cancelAtPeriodEnd: !ended && Boolean(row.cancelAtPeriodEnd),
    graceEndsAt: row.status === 'past_due' ? (row.graceEndsAt?.toISOString() ?? null) : null,
    mode,
  }
}

/** The member's verified income tier (by documents or a paid bypass), or null. */
async function verifiedIncomeTier(db: Database, userId: string): Promise<IncomeTierId | null> {
  const [row] = await db
    .select({ details: verifications.details })
    .from(verifications)
    .where(
      and(eq(verifications.userId, userId), eq(verifications.type, 'income'), inArray(verifications.status, ['verified', 'bypass_paid'])),
    )
  const tier = (row?.details as { tier?: string } | undefined)?.tier
  return incomeTierIds.find((id) => id === tier) ?? null
}

/** In the plan card's own words: the range it shows is the range `mayBuyPlan` checks. */
function incomeRequirement(planId: PlanId, tier: IncomeTierId | null): string {
  const { name, incomeRange } = planById[planId]
  const opening = `${name} is open to members with verified income of ${incomeRange}.`
  return tier ? `${opening} Your verified income tier does not include it.` : `${opening} Verify your income first.`
}

function describeCheckout(checkout: Pick<Checkout, 'kind' | 'planId' | 'interval' | 'bypassLevel'>): string {
  if (checkout.kind === 'bypass_fee') {
    const fee = bypassFees.find((candidate) => candidate.id === checkout.bypassLevel)
    return `Commitment bypass: ${fee?.label ?? checkout.bypassLevel}`
  }
  return `${planById[checkout.planId ?? 'free'].name}, ${checkout.interval}`
}

async function memberContact(db: Database, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
  if (!row) throw new NotFoundError()
  return row
}

/** The member's Stripe customer: the one their subscription or an earlier checkout used, else a new one. */
async function stripeCustomer(db: Database, stripe: Stripe, userId: string): Promise<string> {
  const [subscribed] = await db
    .select({ customer: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.stripeCustomerId)))
  if (subscribed?.customer) return subscribed.customer
  const [checkedOut] = await db
    .select({ customer: checkouts.stripeCustomerId })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), isNotNull(checkouts.stripeCustomerId)))
    .orderBy(desc(checkouts.createdAt))
    .limit(1)
  if (checkedOut?.customer) return checkedOut.customer
  const contact = await memberContact(db, userId)
  const customer = await stripe.customers.create(
    { email: contact.email, name: `${contact.firstName} ${contact.lastName}`, metadata: { userId } },
    // Two checkouts started at once make one customer.
    { idempotencyKey: `covenant-customer-${userId}` },
  )
  return customer.id
}

/** Any failure of Stripe's API is a refusal to try again later, never a 500 with Stripe's words in it. */
async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (err) {
    logger.warn({ err }, `stripe: ${what} failed`)
    throw new UnavailableError(PAYMENTS_UNAVAILABLE)
  }
}

interface NewCheckout {
  kind: Checkout['kind']
  planId?: PaidPlan
  interval?: Interval
  incomeTier?: IncomeTierId
  bypassLevel?: BypassFeeId
  amountUsd: number
}

/**
 * Opens a checkout and answers where to send the member: in demo mode the product's own page
 * (a path, `/checkout/demo/<id>`, under the app's origin), with Stripe the hosted session's URL.
 */
async function openCheckout(db: Database, config: Config, userId: string, values: NewCheckout, now: Date) {
  const id = randomId()
  const expiresAt = new Date(now.getTime() + CHECKOUT_TTL_MS)
  const stripe = stripeFor(config)
  if (!stripe) {
    await db.insert(checkouts).values({ id, userId, ...values, provider: 'demo', expiresAt, createdAt: now })
    return { checkoutUrl: `${DEMO_CHECKOUT_PATH}${id}` }
  }
  const base = publicUrlOf(config)
  const { customer, price } = await callStripe('preparing a checkout', async () => ({
    customer: await stripeCustomer(db, stripe, userId),
    price: values.kind === 'plan' ? await planPrice(stripe, values.planId!, values.interval!) : null,
  }))
  await db.insert(checkouts).values({ id, userId, ...values, provider: 'stripe', stripeCustomerId: customer, expiresAt, createdAt: now })
  const metadata: Record<string, string> = { checkoutId: id, userId, kind: values.kind }
  const session = await callStripe('creating a checkout session', () =>
    values.kind === 'plan'
      ? stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: userId,
          line_items: [{ price: price!, quantity: 1 }],
          success_url: `${base}/checkout/success?checkout=${id}`,
          cancel_url: `${base}/pricing?checkout=cancelled`,
          metadata: { ...metadata, planId: values.planId!, interval: values.interval! },
          subscription_data: { metadata: { userId, planId: values.planId!, interval: values.interval! } },
          expires_at: Math.floor(expiresAt.getTime() / 1000),
        })
      : stripe.checkout.sessions.create({
          mode: 'payment',
          customer,
          client_reference_id: userId,
          line_items: [
            {
              price_data: {
                currency: 'usd',
                unit_amount: toCents(values.amountUsd),
                product_data: { name: describeCheckout(values as Checkout) },
              },
              quantity: 1,
            },
          ],
          success_url: `${base}/checkout/success?checkout=${id}`,
          cancel_url: `${base}/verification?checkout=cancelled`,
          metadata: { ...metadata, tier: values.incomeTier!, bypassLevel: values.bypassLevel! },
          expires_at: Math.floor(expiresAt.getTime() / 1000),
        }),
  ).catch(async (error: unknown) => {
    await db.update(checkouts).set({ status: 'expired' }).where(eq(checkouts.id, id))
    throw error
  })
  await db.update(checkouts).set({ stripeSessionId: session.id }).where(eq(checkouts.id, id))
  if (!session.url) throw new UnavailableError(PAYMENTS_UNAVAILABLE)
  return { checkoutUrl: session.url }
}

/** `POST /api/subscription`: a checkout for a paid plan, refused when the member may not buy it or already has it. */
export async function startCheckout(db: Database, config: Config, userId: string, input: SubscribeInput, now = new Date()) {
  const planId = input.planId
  const interval = input.interval ?? 'monthly'
  const tier = await verifiedIncomeTier(db, userId)
  if (!mayBuyPlan(planId, tier)) throw new ForbiddenError(incomeRequirement(planId, tier))
  const [current] = await db
    .select({ planId: subscriptions.planId, interval: subscriptions.interval, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
  if (current && current.status !== 'canceled' && current.planId === planId && current.interval === interval) {
    throw new ConflictError(`You are already on ${planById[planId].name}, billed ${interval}.`)
  }
  return openCheckout(db, config, userId, { kind: 'plan', planId, interval, amountUsd: planById[planId].price[interval] }, now)
}

/** The income bypass fee, paid once through the same checkout; completing it makes the income record bypass_paid. */
export async function startBypassCheckout(
  db: Database,
  config: Config,
  userId: string,
  input: { tier: IncomeTierId; bypassLevel: BypassFeeId },
  now = new Date(),
) {
  await requireIncomeOpenToBypass(db, userId)
  const fee = bypassFees.find((candidate) => candidate.id === input.bypassLevel)!
  return openCheckout(
    db,
    config,
    userId,
    { kind: 'bypass_fee', incomeTier: input.tier, bypassLevel: input.bypassLevel, amountUsd: fee.amountUsd },
    now,
  )
}

/** A bypass replaces only an income record that was rejected or is itself an unpaid bypass: never one pending review or verified. */
async function requireIncomeOpenToBypass(db: Database, userId: string) {
  const [existing] = await db
    .select({ status: verifications.status, details: verifications.details })
    .from(verifications)
    .where(and(eq(verifications.userId, userId), eq(verifications.type, 'income')))
  if (existing && existing.status !== 'rejected' && !isUnpaidBypass(existing)) throw alreadySubmitted('income', existing.status)
}

/** The same rule as `requireIncomeOpenToBypass`, in SQL, for the paid bypass's own write. */
const incomeOpenToBypass = sql`${verifications.status} = 'rejected'
  or (${verifications.status} = 'pending' and json_extract(${verifications.details}, '$.method') = 'bypass')`

/** `GET /api/billing/checkouts/:id`: the member's own checkout, as the demo page shows it. */
export async function checkoutView(
  db: Database,
  config: Config,
  userId: string,
  checkoutId: string,
  now = new Date(),
): Promise<CheckoutView> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)))
  if (!row) throw new NotFoundError(CHECKOUT_NOT_FOUND)
  const expired = row.status === 'expired' || (row.status === 'open' && row.expiresAt <= now)
  return {
    id: row.id,
    kind: row.kind,
    description: describeCheckout(row),
    planId: row.planId,
    interval: row.interval,
    amountUsd: row.amountUsd,
    status: expired ? 'expired' : row.status,
    mode: billingMode(config),
  }
}

/** Holds only in the batch whose claim marked the checkout completed at `at`: later statements hang on it. */
function claimedAt(checkoutId: string, at: Date): SQL {
  return sql`exists (select 1 from ${checkouts} where ${checkouts.id} = ${checkoutId} and ${checkouts.status} = 'completed' and ${checkouts.completedAt} = ${at.getTime()})`
}

interface Activation {
  provider: 'demo' | 'stripe'
  periodEnd: Date
  stripeCustomerId?: string | null
  stripeSubscriptionId?: string | null
}

/**
 * Completes a checkout in one batch: the claim (`open` to `completed`, which only one caller wins),
 * then what was bought, each statement conditioned on that claim. Confirming twice, or two
 * deliveries of the same payment at once, activate once; the loser's statements change nothing.
 */
async function completeCheckout(db: Database, checkout: Checkout, now: Date, activation: Activation | null): Promise<boolean> {
  const at = now.getTime()
  const claimable = checkout.provider === 'demo' ? [eq(checkouts.status, 'open')] : [inArray(checkouts.status, ['open', 'expired'])]
  const claim = db
    .update(checkouts)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(checkouts.id, checkout.id), ...claimable))
    .returning({ id: checkouts.id })
  const claimed = claimedAt(checkout.id, now)
  if (checkout.kind === 'bypass_fee') {
    const details = JSON.stringify(bypassDetails(checkout.incomeTier!, checkout.bypassLevel!))
    const [rows, bypass] = await db.batch([
      claim,
      // A record submitted for review (or verified, or bypassed by another checkout) since the checkout opened stands.
      db.run(sql`insert into ${verifications} (id, user_id, type, status, details, submitted_at, reviewed_at, created_at, updated_at)
        select ${randomId()}, ${checkout.userId}, 'income', 'bypass_paid', ${details}, ${at}, ${at}, ${at}, ${at} where ${claimed}
        on conflict (user_id, type) do update set status = 'bypass_paid', details = excluded.details, document_id = null,
          document_type = null, submitted_at = excluded.submitted_at, reviewed_at = excluded.reviewed_at, reviewer_id = null,
          rejection_reason = null, updated_at = excluded.updated_at
        where ${incomeOpenToBypass}`),
    ])
    if (rows.length > 0 && bypass.rowsAffected === 0) {
      logger.error(
        { checkoutId: checkout.id, userId: checkout.userId, provider: checkout.provider },
        'bypass fee paid for an income record that was no longer open to it; refund it by hand',
      )
      return false
    }
    return rows.length > 0
  }
  const { provider, periodEnd } = activation!
  const end = periodEnd.getTime()
  const [rows] = await db.batch([
    claim,
    db.run(sql`insert into ${subscriptions} (id, user_id, plan_id, interval, status, provider, current_period_end,
        cancel_at_period_end, grace_ends_at, stripe_customer_id, stripe_subscription_id, created_at, updated_at)
      select ${randomId()}, ${checkout.userId}, ${checkout.planId}, ${checkout.interval}, 'active', ${provider}, ${end}, 0, null,
        ${activation?.stripeCustomerId ?? null}, ${activation?.stripeSubscriptionId ?? null}, ${at}, ${at} where ${claimed}
      on conflict (user_id) do update set plan_id = excluded.plan_id, interval = excluded.interval, status = 'active',
        provider = excluded.provider, current_period_end = excluded.current_period_end, cancel_at_period_end = 0,
        grace_ends_at = null, stripe_customer_id = coalesce(excluded.stripe_customer_id, stripe_customer_id),
        stripe_subscription_id = excluded.stripe_subscription_id, updated_at = excluded.updated_at`),
    db
      .update(users)
      .set({ plan: checkout.planId!, planRenewsAt: periodEnd, updatedAt: now })
      .where(and(eq(users.id, checkout.userId), claimed)),
  ])
  return rows.length > 0
}

/**
 * `POST /api/billing/demo-checkout/:id/confirm`: demo mode's "payment". Activates the plan for one
 * period from now (or makes the income record bypass_paid), once however often it is confirmed.
 */
export async function confirmDemoCheckout(deps: BillingDeps, userId: string, checkoutId: string, now = new Date()) {
  const { db, config } = deps
  if (billingMode(config) !== 'demo') throw new NotFoundError(CHECKOUT_NOT_FOUND)
  const [checkout] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId), eq(checkouts.provider, 'demo')))
  if (!checkout) throw new NotFoundError(CHECKOUT_NOT_FOUND)
  if (checkout.status === 'expired' || (checkout.status === 'open' && checkout.expiresAt <= now)) {
    throw new ConflictError('This checkout has expired. Please start again.')
  }
  if (checkout.status === 'open') {
    // Nothing is "paid" for a record sent for review in another tab since the checkout opened.
    if (checkout.kind === 'bypass_fee') await requireIncomeOpenToBypass(db, userId)
    const activation = checkout.kind === 'plan' ? { provider: 'demo' as const, periodEnd: addPeriod(now, checkout.interval!) } : null
    const won = await completeCheckout(db, checkout, now, activation)
    if (won && checkout.kind === 'bypass_fee') await recordActivity(db, deps.realtime.bus, userId, 'verification_approved', now)
  }
  return subscriptionView(db, config, userId)
}

/**
 * Queues the cancellation at Stripe of a subscription nobody pays for any more (a job, so Stripe being
 * down only delays it): await it, or put it in the batch of the change that ends the plan.
 */
export function cancelAtStripe(db: Pick<Database, 'insert'>, subscriptionId: string) {
  return enqueueJob(db, { kind: 'stripe-cancel', payload: { subscriptionId } })
}

/** The member's Stripe subscription still billing them, if any: a deleted account's would renew with nobody to receive it. */
export async function billingStripeSubscription(db: Database, userId: string): Promise<string | null> {
  const row = await activeSubscription(db, userId)
  return row?.provider === 'stripe' ? row.stripeSubscriptionId : null
}

async function activeSubscription(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])))
  return row ?? null
}

/** Cancel at period end (true) or resume (false): the plan stays until `renewsAt` either way. */
export async function setCancelAtPeriodEnd(db: Database, config: Config, userId: string, cancel: boolean, now = new Date()) {
  const row = await activeSubscription(db, userId)
  if (!row) throw new ConflictError(cancel ? 'You have no paid plan to cancel.' : 'You have no paid plan to resume.')
  if (row.cancelAtPeriodEnd !== cancel) {
    if (row.provider === 'stripe') {
      const stripe = stripeFor(config)
      if (!stripe || !row.stripeSubscriptionId) throw new UnavailableError(PAYMENTS_UNAVAILABLE)
      await callStripe('updating a subscription', () =>
        stripe.subscriptions.update(row.stripeSubscriptionId!, { cancel_at_period_end: cancel }),
      )
    }
    await db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: cancel, updatedAt: now })
      .where(and(eq(subscriptions.id, row.id), inArray(subscriptions.status, ['active', 'past_due'])))
  }
  return subscriptionView(db, config, userId)
}

/** `POST /api/billing/portal`: Stripe's Customer Portal, where a member changes their card or sees invoices. */
export async function portalUrl(db: Database, config: Config, userId: string) {
  const stripe = stripeFor(config)
  if (!stripe) throw new NotFoundError('The billing portal opens once card payments are set up.')
  const [row] = await db.select({ customer: subscriptions.stripeCustomerId }).from(subscriptions).where(eq(subscriptions.userId, userId))
  if (!row?.customer) throw new ConflictError('You have no billing account yet. Choose a plan first.')
  const session = await callStripe('opening the billing portal', () =>
    stripe.billingPortal.sessions.create({ customer: row.customer!, return_url: `${publicUrlOf(config)}/settings#membership` }),
  )
  return { url: session.url }
}

function storedStatus(status: Stripe.Subscription.Status): 'active' | 'past_due' | 'canceled' | null {
  if (status === 'active' || status === 'trialing') return 'active'
  if (status === 'past_due' || status === 'unpaid') return 'past_due'
  if (status === 'canceled' || status === 'incomplete_expired' || status === 'paused') return 'canceled'
  return null
}

async function subscriptionByStripeId(db: Database, stripeSubscriptionId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
  return row ?? null
}

async function sessionCompleted(deps: BillingDeps, stripe: Stripe, session: Stripe.Checkout.Session, now: Date) {
  const { db } = deps
  const [checkout] = await db
    .select()
    .from(checkouts)
    .where(session.metadata?.checkoutId ? eq(checkouts.id, session.metadata.checkoutId) : eq(checkouts.stripeSessionId, session.id))
  if (checkout?.provider !== 'stripe') {
    logger.warn({ sessionId: session.id }, 'stripe: a completed session with no checkout of ours')
    return
  }
  // Paid later (a bank debit): checkout.session.async_payment_succeeded comes when it is.
  if (session.payment_status === 'unpaid') return
  if (checkout.kind === 'bypass_fee') {
    if (await completeCheckout(db, checkout, now, null)) {
      await recordActivity(db, deps.realtime.bus, checkout.userId, 'verification_approved', now)
    }
    return
  }
  const subscriptionId = customerOf(session.subscription)
  if (!subscriptionId) return
  const subscription = await stripe.subscriptions.retrieve(subscriptionId)
  const [previous] = await db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, checkout.userId))
  await completeCheckout(db, checkout, now, {
    provider: 'stripe',
    periodEnd: periodEndOf(subscription) ?? addPeriod(now, checkout.interval!),
    stripeCustomerId: customerOf(session.customer) ?? checkout.stripeCustomerId,
    stripeSubscriptionId: subscriptionId,
  })
  // A change of plan is a new subscription: the old one stops, so the member is never billed for two.
  // After the switch above, so the old one's deletion event no longer matches the member's row.
  // Cancelled at once when Stripe answers; otherwise the cancellation job tries again, as for any plan nobody pays for.
  const old = previous?.stripeSubscriptionId
  if (old && old !== subscriptionId && previous.status !== 'canceled') {
    await stripe.subscriptions.cancel(old).catch(async (err: unknown) => {
      logger.warn({ err, subscriptionId: old }, 'stripe: the replaced subscription could not be cancelled now; a job will retry')
      await cancelAtStripe(db, old)
    })
  }
}

/**
 * A subscription's state as Stripe holds it now, read again rather than taken from the event: Stripe
 * may deliver events late and out of order (a retried "payment failed" after the card was fixed, an
 * "updated" after the "deleted"), and the latest state is the one to keep. A subscription already
 * ended here stays ended: Stripe never revives one, and a new plan is a new checkout.
 */
async function subscriptionChanged(db: Database, stripe: Stripe, subscriptionId: string, now: Date) {
  const row = await subscriptionByStripeId(db, subscriptionId)
  if (!row || row.status === 'canceled') return
  const subscription = await stripe.subscriptions.retrieve(subscriptionId)
  const status = storedStatus(subscription.status) ?? row.status
  const plan = planOfSubscription(subscription) ?? { planId: row.planId, interval: row.interval }
  const periodEnd = periodEndOf(subscription) ?? row.currentPeriodEnd
  const graceEndsAt = status === 'past_due' ? (row.graceEndsAt ?? new Date(now.getTime() + PAYMENT_GRACE_MS)) : null
  const ended = status === 'canceled'
  await db.batch([
    db
      .update(subscriptions)
      .set({
        planId: plan.planId,
        interval: plan.interval,
        status,
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: !ended && subscription.cancel_at_period_end,
        graceEndsAt,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, row.id)),
    db
      .update(users)
      .set({ plan: ended ? 'free' : plan.planId, planRenewsAt: ended ? null : periodEnd, updatedAt: now })
      .where(eq(users.id, row.userId)),
  ])
}

/**
 * Ends the subscriptions `which` names and returns their members to free: the members first, while
 * the condition still matches. Two statements for one batch; the second returns the ended rows.
 */
function endSubscriptions(db: Database, which: SQL, now: Date) {
  return [
    db
      .update(users)
      .set({ plan: 'free', planRenewsAt: null, updatedAt: now })
      .where(sql`${users.id} in (select ${subscriptions.userId} from ${subscriptions} where ${which})`),
    db
      .update(subscriptions)
      .set({ status: 'canceled', cancelAtPeriodEnd: false, graceEndsAt: null, updatedAt: now })
      .where(which)
      .returning({ id: subscriptions.id }),
  ] as const
}

async function subscriptionEnded(db: Database, stripeSubscriptionId: string, now: Date) {
  await db.batch(endSubscriptions(db, eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId), now))
}

/**
 * `POST /api/billing/webhook`: verifies Stripe's signature over the raw body, then handles the event.
 * Its id is recorded once it has been handled, so a redelivery changes nothing, while an event whose
 * handling failed, or was cut short by the process dying, is handled when Stripe sends it again.
 * Two deliveries at once may both handle it: every handler is safe to repeat (a checkout is
 * claimed once, a subscription's state is read from Stripe).
 */
export async function handleWebhook(deps: BillingDeps, rawBody: Buffer, signature: string | undefined, now = new Date()) {
  const { db, config } = deps
  const stripe = stripeFor(config)
  if (!stripe) throw new NotFoundError('Card payments are not set up.')
  if (!signature) throw new InvalidInputError('The Stripe-Signature header is missing.')
  let event: Stripe.Event
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, config.STRIPE_WEBHOOK_SECRET!)
  } catch {
    throw new InvalidInputError('The webhook signature could not be verified.')
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') throw new InvalidInputError('The event could not be read.')
  const [handled] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, event.id))
  if (handled) return { received: true, duplicate: true }
  try {
    switch (event.type) {
      case 'checkout.session.completed':
      // A bank debit completes the session unpaid, and says so here once the money has arrived.
      case 'checkout.session.async_payment_succeeded':
        await sessionCompleted(deps, stripe, event.data.object, now)
        break
      case 'customer.subscription.updated':
        await subscriptionChanged(db, stripe, event.data.object.id, now)
        break
      case 'customer.subscription.deleted':
        await subscriptionEnded(db, event.data.object.id, now)
        break
      case 'invoice.payment_failed': {
        // A failed renewal leaves the subscription past due at Stripe: the grace starts from its state.
        const subscriptionId = subscriptionOfInvoice(event.data.object)
        if (subscriptionId) await subscriptionChanged(db, stripe, subscriptionId, now)
        break
      }
    }
  } catch (err) {
    logger.warn({ err, eventId: event.id, type: event.type }, 'stripe: event not handled; Stripe will send it again')
    throw new UnavailableError(PAYMENTS_UNAVAILABLE)
  }
  const recorded = await db
    .insert(billingEvents)
    .values({ id: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id })
  return { received: true, duplicate: recorded.length === 0 }
}

/**
 * The periodic billing sweep: ends plans cancelled at period end (a Stripe one only when its own
 * webhook is late), returns members to free once a failed payment's grace has run out, renews demo
 * plans for another period, and expires stale checkouts. Each step is one statement or one batch
 * and safe to run twice, so two runners at once change nothing twice.
 */
export async function sweepBilling(db: Database, now = new Date()) {
  const at = now.getTime()
  const ending = sql`${subscriptions.status} in ('active', 'past_due') and ${subscriptions.cancelAtPeriodEnd} = 1
    and ${subscriptions.currentPeriodEnd} <= case when ${subscriptions.provider} = 'stripe' then ${at - STRIPE_END_MARGIN_MS} else ${at} end`
  const graceOver = sql`${subscriptions.status} = 'past_due' and ${subscriptions.graceEndsAt} <= ${at}`
  // A Stripe plan whose grace ran out is cancelled at Stripe too: Stripe would go on retrying the card, and a
  // late success would renew a plan the member no longer has. Queued first, so no lapse goes without it.
  const lapsing = await db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(graceOver, eq(subscriptions.provider, 'stripe'), isNotNull(subscriptions.stripeSubscriptionId)))
  for (const row of lapsing) await cancelAtStripe(db, row.stripeSubscriptionId!)
  const [, ended, , lapsed] = await db.batch([...endSubscriptions(db, ending, now), ...endSubscriptions(db, graceOver, now)])

  const due = await db
    .select({ id: subscriptions.id, userId: subscriptions.userId, interval: subscriptions.interval, end: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'demo'),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(SWEEP_BATCH)
  for (const row of due) {
    let next = addPeriod(row.end, row.interval)
    while (next <= now) next = addPeriod(next, row.interval)
    await db.batch([
      db
        .update(subscriptions)
        .set({ currentPeriodEnd: next, updatedAt: now })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.currentPeriodEnd, row.end), eq(subscriptions.status, 'active'))),
      db
        .update(users)
        .set({ planRenewsAt: next, updatedAt: now })
        .where(
          and(
            eq(users.id, row.userId),
            sql`exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${row.id} and ${subscriptions.currentPeriodEnd} = ${next.getTime()})`,
          ),
        ),
    ])
  }

  await db.batch([
    db
      .update(checkouts)
      .set({ status: 'expired' })
      .where(and(eq(checkouts.status, 'open'), lte(checkouts.expiresAt, now))),
    db.delete(billingEvents).where(lt(billingEvents.receivedAt, new Date(at - EVENT_RETENTION_MS))),
  ])
  return { ended: ended.length, lapsed: lapsed.length, renewed: due.length }
}
