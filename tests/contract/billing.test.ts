import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { subscriptions, users, verifications } from '#db/schema/index.ts'
import { scheduleRecurring } from '#server/jobs/queue.ts'
import { addPeriod, cancelAtStripe, handleWebhook, PAYMENT_GRACE_MS, sweepBilling } from '#server/services/billing.ts'
import type { IncomeTierId } from '#shared/content/income-tiers.ts'
import { clockedRunner } from '#tests/support/clocked-runner.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { type FakeStripe, signedEvent, startFakeStripe, stripeEnv } from '#tests/support/fake-stripe.ts'
import { type Harness, type Member, refusal } from '#tests/support/members.ts'

const DAY_MS = 86_400_000
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const idOf = (checkoutUrl: string) => checkoutUrl.split('/').at(-1)!

async function planOf(h: Harness, userId: string) {
  const [row] = await h.db.select({ plan: users.plan, renewsAt: users.planRenewsAt }).from(users).where(eq(users.id, userId))
  return row!
}

async function verifyIncome(h: Harness, member: Member, tier: IncomeTierId) {
  await h.db.insert(verifications).values({
    userId: member.user.id,
    type: 'income',
    status: 'verified',
    details: { tier, method: 'documents' },
    submittedAt: new Date(),
    reviewedAt: new Date(),
  })
}

/**
 * A member opens a bypass checkout, then, in another tab, sends their income documents for review
 * instead; answers the checkout's address, still to be paid.
 */
async function bypassThenDocuments(member: Member) {
  const { checkoutUrl } = await member.api.verification.requestIncomeBypass({
    tier: 'tier2',
    bypassLevel: 'serious',
    acceptNonRefundable: true,
  })
  await member.api.verification.submitIncome({ tier: 'tier3', document: PDF })
  return checkoutUrl
}

describe('demo mode', () => {
  let h: Harness
  beforeAll(async () => {
    h = await contractHarness()
  })
  afterAll(() => h.close())

  async function subscribed(member: Member, planId: 'premium' | 'elite' = 'premium', interval: 'monthly' | 'yearly' = 'monthly') {
    const { checkoutUrl } = await member.api.billing.subscribe({ planId, interval })
    return member.api.billing.confirmDemoCheckout({ id: idOf(checkoutUrl) })
  }

  it('a visitor sees the plans and is UNAUTHORIZED everywhere else', async () => {
    const { api } = h.caller()
    const plans = await api.billing.plans()
    expect(plans.map((p) => p.id)).toEqual(['free', 'premium', 'elite', 'millionaire', 'billionaire'])
    expect(plans.find((p) => p.id === 'premium')).toMatchObject({ price: { monthly: 19.99, yearly: 199.99 }, yearlySaving: 17 })
    expect(plans.find((p) => p.id === 'free')?.yearlySaving).toBe(0)
    const calls = [
      api.billing.subscription(),
      api.billing.subscribe({ planId: 'premium', interval: 'monthly' }),
      api.billing.cancel(),
      api.billing.resume(),
      api.billing.portal(),
      api.billing.checkout({ id: 'x' }),
      api.billing.confirmDemoCheckout({ id: 'x' }),
    ]
    for (const call of calls) expect((await refusal(call)).code).toBe('UNAUTHORIZED')
  })

  it('a member who never paid is on free with status none', async () => {
    const member = await h.member()
    expect(await member.api.billing.subscription()).toEqual({
      planId: 'free',
      interval: null,
      status: 'none',
      renewsAt: null,
      cancelAtPeriodEnd: false,
      graceEndsAt: null,
      mode: 'demo',
    })
  })

  it('the demo checkout activates the plan for one period, on the subscription and on the member', async () => {
    const member = await h.member()
    const { checkoutUrl } = await member.api.billing.subscribe({ planId: 'elite', interval: 'yearly' })
    expect(checkoutUrl).toMatch(/^\/checkout\/demo\/[\w-]+$/)
    expect(await member.api.billing.checkout({ id: idOf(checkoutUrl) })).toEqual({
      id: idOf(checkoutUrl),
      kind: 'plan',
      description: 'Quantum Soul, yearly',
      planId: 'elite',
      interval: 'yearly',
      amountUsd: 499.99,
      status: 'open',
      mode: 'demo',
    })
    const before = Date.now()
    const view = await member.api.billing.confirmDemoCheckout({ id: idOf(checkoutUrl) })
    expect(view).toMatchObject({ planId: 'elite', interval: 'yearly', status: 'active', cancelAtPeriodEnd: false, mode: 'demo' })
    const renewsAt = new Date(view.renewsAt!).getTime()
    expect(renewsAt).toBeGreaterThanOrEqual(addPeriod(new Date(before), 'yearly').getTime())
    expect(renewsAt).toBeLessThanOrEqual(addPeriod(new Date(), 'yearly').getTime())
    expect(await planOf(h, member.user.id)).toEqual({ plan: 'elite', renewsAt: new Date(renewsAt) })
    expect((await member.api.billing.checkout({ id: idOf(checkoutUrl) })).status).toBe('completed')
  })

  it('confirming twice, or twice at once, activates once', async () => {
    const member = await h.member()
    const { checkoutUrl } = await member.api.billing.subscribe({ planId: 'premium', interval: 'monthly' })
    const [first, second] = await Promise.all([
      member.api.billing.confirmDemoCheckout({ id: idOf(checkoutUrl) }),
      member.api.billing.confirmDemoCheckout({ id: idOf(checkoutUrl) }),
    ])
    expect(second.renewsAt).toBe(first.renewsAt)
    const again = await member.api.billing.confirmDemoCheckout({ id: idOf(checkoutUrl) })
    expect(again).toEqual(first)
    const rows = await h.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.currentPeriodEnd.toISOString()).toBe(first.renewsAt)
    expect(new Date(first.renewsAt!).getTime() - Date.now()).toBeLessThan(32 * DAY_MS)
  })

  it("another member's checkout is NOT_FOUND", async () => {
    const owner = await h.member()
    const other = await h.member()
    const { checkoutUrl } = await owner.api.billing.subscribe({ planId: 'premium', interval: 'monthly' })
    expect((await refusal(other.api.billing.checkout({ id: idOf(checkoutUrl) }))).code).toBe('NOT_FOUND')
    expect((await refusal(other.api.billing.confirmDemoCheckout({ id: idOf(checkoutUrl) }))).code).toBe('NOT_FOUND')
    expect((await refusal(other.api.billing.checkout({ id: 'no-such-checkout' }))).code).toBe('NOT_FOUND')
    expect((await planOf(h, other.user.id)).plan).toBe('free')
    expect((await planOf(h, owner.user.id)).plan).toBe('free')
  })

  it("Millionaire's Faith needs a verified income of $500K or more; Billionaire's Covenant $10M or more", async () => {
    const member = await h.member()
    const refused = await refusal(member.api.billing.subscribe({ planId: 'millionaire', interval: 'monthly' }))
    expect(refused.code).toBe('FORBIDDEN')
    expect(refused.message).toBe("Millionaire's Faith is open to members with verified income of $500K-$9M. Verify your income first.")

    await verifyIncome(h, member, 'tier4')
    const { checkoutUrl } = await member.api.billing.subscribe({ planId: 'millionaire', interval: 'monthly' })
    expect((await member.api.billing.checkout({ id: idOf(checkoutUrl) })).amountUsd).toBe(1000)
    const billionaire = await refusal(member.api.billing.subscribe({ planId: 'billionaire', interval: 'yearly' }))
    expect(billionaire.code).toBe('FORBIDDEN')
    expect(billionaire.message).toContain("Billionaire's Covenant is open to members with verified income of $10M+.")

    const modest = await h.member()
    await verifyIncome(h, modest, 'tier1')
    expect((await refusal(modest.api.billing.subscribe({ planId: 'millionaire', interval: 'monthly' }))).code).toBe('FORBIDDEN')
    const tier2 = await h.member()
    await verifyIncome(h, tier2, 'tier2')
    expect((await tier2.api.billing.subscribe({ planId: 'millionaire', interval: 'yearly' })).checkoutUrl).toMatch(/^\/checkout\/demo\//)
  })

  it('the plan and interval already active cannot be bought again; another interval can', async () => {
    const member = await h.member()
    await subscribed(member, 'premium', 'monthly')
    const again = await refusal(member.api.billing.subscribe({ planId: 'premium', interval: 'monthly' }))
    expect(again.code).toBe('CONFLICT')
    expect(again.message).toBe('You are already on Divine Connection, billed monthly.')
    const yearly = await member.api.billing.subscribe({ planId: 'premium', interval: 'yearly' })
    expect((await member.api.billing.confirmDemoCheckout({ id: idOf(yearly.checkoutUrl) })).interval).toBe('yearly')
  })

  it('cancel at period end keeps the plan until then, and the sweep returns the member to free after it', async () => {
    const member = await h.member()
    const active = await subscribed(member)
    const cancelled = await member.api.billing.cancel()
    expect(cancelled).toMatchObject({ planId: 'premium', status: 'active', cancelAtPeriodEnd: true, renewsAt: active.renewsAt })
    const end = new Date(active.renewsAt!)
    await sweepBilling(h.db, new Date(end.getTime() - 1000))
    expect((await planOf(h, member.user.id)).plan).toBe('premium')
    await sweepBilling(h.db, new Date(end.getTime() + 1000))
    expect(await planOf(h, member.user.id)).toEqual({ plan: 'free', renewsAt: null })
    expect(await member.api.billing.subscription()).toMatchObject({ planId: 'free', status: 'canceled', renewsAt: null })
    expect((await refusal(member.api.billing.cancel())).message).toBe('You have no paid plan to cancel.')
  })

  it('resume keeps the plan, and the sweep renews a demo plan for exactly one more period', async () => {
    const member = await h.member()
    const active = await subscribed(member)
    await member.api.billing.cancel()
    expect(await member.api.billing.resume()).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' })
    const end = new Date(active.renewsAt!)
    const after = new Date(end.getTime() + 60_000)
    await sweepBilling(h.db, after)
    await sweepBilling(h.db, after)
    const renewed = await member.api.billing.subscription()
    expect(renewed).toMatchObject({ planId: 'premium', status: 'active' })
    expect(renewed.renewsAt).toBe(addPeriod(end, 'monthly').toISOString())
    expect((await planOf(h, member.user.id)).renewsAt?.toISOString()).toBe(renewed.renewsAt)
  })

  it('the job runner runs the billing sweep on its schedule', async () => {
    const member = await h.member()
    const active = await subscribed(member)
    await member.api.billing.cancel()
    const after = new Date(new Date(active.renewsAt!).getTime() + 60_000)
    const runner = clockedRunner(h, after)
    try {
      await scheduleRecurring(h.db, { kind: 'billing-sweep', everyMs: 600_000, payload: {} }, after)
      expect(await runner.drain()).toBeGreaterThanOrEqual(1)
      expect((await planOf(h, member.user.id)).plan).toBe('free')
    } finally {
      await runner.stop()
    }
  })

  it('an expired checkout cannot be confirmed, and resume with no plan is refused', async () => {
    const member = await h.member()
    const { checkoutUrl } = await member.api.billing.subscribe({ planId: 'premium', interval: 'monthly' })
    await sweepBilling(h.db, new Date(Date.now() + 2 * DAY_MS))
    expect((await member.api.billing.checkout({ id: idOf(checkoutUrl) })).status).toBe('expired')
    expect((await refusal(member.api.billing.confirmDemoCheckout({ id: idOf(checkoutUrl) }))).code).toBe('CONFLICT')
    expect((await refusal(member.api.billing.resume())).message).toBe('You have no paid plan to resume.')
    expect((await refusal(member.api.billing.portal())).code).toBe('NOT_FOUND')
  })

  it('the income bypass fee is a one-off demo checkout that makes the income record bypass_paid', async () => {
    const member = await h.member()
    const { checkoutUrl } = await member.api.verification.requestIncomeBypass({
      tier: 'tier2',
      bypassLevel: 'serious',
      acceptNonRefundable: true,
    })
    expect(await member.api.billing.checkout({ id: idOf(checkoutUrl) })).toMatchObject({
      kind: 'bypass_fee',
      description: 'Commitment bypass: Serious Commitment',
      amountUsd: 2500,
      planId: null,
    })
    const view = await member.api.billing.confirmDemoCheckout({ id: idOf(checkoutUrl) })
    expect(view.planId).toBe('free')
    const income = (await member.api.verification.status()).records.find((r) => r.type === 'income')
    expect(income).toMatchObject({ status: 'bypass_paid', details: { tier: 'tier2', method: 'bypass', bypassAmountUsd: 2500 } })
    // A paid bypass is a verified income tier: the circle opens.
    expect((await member.api.billing.subscribe({ planId: 'millionaire', interval: 'monthly' })).checkoutUrl).toMatch(/^\/checkout\/demo\//)
  })

  it('a bypass checkout opened before documents were sent for review does not replace them', async () => {
    const member = await h.member()
    const checkoutUrl = await bypassThenDocuments(member)
    expect((await refusal(member.api.billing.confirmDemoCheckout({ id: idOf(checkoutUrl) }))).code).toBe('CONFLICT')
    const income = (await member.api.verification.status()).records.find((r) => r.type === 'income')
    expect(income).toMatchObject({ status: 'pending', details: { tier: 'tier3' } })
  })
})

describe('Stripe mode', () => {
  let h: Harness
  let stripe: FakeStripe
  beforeAll(async () => {
    stripe = await startFakeStripe()
    h = await contractHarness(stripeEnv(stripe))
  })
  afterAll(async () => {
    h.close()
    await stripe.close()
  })

  const deliver = (event: unknown) => {
    const { payload, signature } = signedEvent(event)
    return handleWebhook(h, Buffer.from(payload), signature)
  }

  /** Runs every job due now (cancellations at Stripe among them) with the product's runner. */
  async function drainJobs() {
    const runner = clockedRunner(h, new Date())
    try {
      await runner.drain()
    } finally {
      await runner.stop()
    }
  }

  /** Subscribes through the fake Stripe and delivers the completed session; answers the Stripe subscription's id. */
  async function paidSubscription(member: Member, planId: 'premium' | 'elite' = 'premium', periodEnd?: number) {
    const { checkoutUrl } = await member.api.billing.subscribe({ planId, interval: 'monthly' })
    const completed = stripe.pay(stripe.sessionIdOf(checkoutUrl), { periodEnd })
    await deliver(completed)
    const subscriptionId = (completed.data.object as { subscription: string }).subscription
    return { completed, subscriptionId }
  }

  it("subscribe returns Stripe's session URL, creating the price once and reusing it by lookup key", async () => {
    const member = await h.member()
    const first = await member.api.billing.subscribe({ planId: 'premium', interval: 'monthly' })
    expect(first.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/)
    const priceCreations = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices')
    expect(priceCreations()).toHaveLength(1)
    expect(priceCreations()[0]!.params).toMatchObject({
      lookup_key: 'covenant_premium_monthly',
      unit_amount: '1999',
      currency: 'usd',
      'recurring[interval]': 'month',
      'product_data[name]': 'Divine Connection',
    })
    const lookups = stripe.requests.filter((r) => r.method === 'GET' && r.path === '/v1/prices')
    expect(Object.values(lookups[0]!.params)).toContain('covenant_premium_monthly')
    const session = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!
    expect(session.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': priceCreations()[0] && expect.stringMatching(/^price_/),
      'line_items[0][quantity]': '1',
      'metadata[userId]': member.user.id,
      'metadata[planId]': 'premium',
      'metadata[interval]': 'monthly',
      cancel_url: expect.stringMatching(/\/pricing\?checkout=cancelled$/),
    })
    expect(session.params.success_url).toMatch(new RegExp(`/checkout/success\\?checkout=${session.params['metadata[checkoutId]']}$`))
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1)

    const second = await h.member()
    await second.api.billing.subscribe({ planId: 'premium', interval: 'monthly' })
    await member.api.billing.subscribe({ planId: 'elite', interval: 'monthly' })
    expect(priceCreations().map((r) => r.params.lookup_key)).toEqual(['covenant_premium_monthly', 'covenant_elite_monthly'])
    // The member's customer is reused; the second member gets their own.
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(2)
    const customers = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').map((r) => r.params.customer)
    expect(customers[0]).toBe(customers[2])
    expect(customers[1]).not.toBe(customers[0])
  })

  it('a bad or missing signature is refused (400) and changes nothing', async () => {
    const member = await h.member()
    const { checkoutUrl } = await member.api.billing.subscribe({ planId: 'premium', interval: 'monthly' })
    const event = stripe.pay(stripe.sessionIdOf(checkoutUrl))
    const forged = signedEvent(event, 'whsec_someone_else')
    expect((await refusal(handleWebhook(h, Buffer.from(forged.payload), forged.signature))).code).toBe('BAD_REQUEST')
    const { payload, signature } = signedEvent(event)
    expect((await refusal(handleWebhook(h, Buffer.from(`${payload} `), signature))).code).toBe('BAD_REQUEST')
    expect((await refusal(handleWebhook(h, Buffer.from(payload), undefined))).code).toBe('BAD_REQUEST')
    expect((await planOf(h, member.user.id)).plan).toBe('free')
  })

  it('checkout.session.completed sets the plan and the renewal date from the subscription item', async () => {
    const member = await h.member()
    const periodEnd = Math.floor(Date.now() / 1000) + 29 * 86_400
    const { subscriptionId } = await paidSubscription(member, 'elite', periodEnd)
    expect(await planOf(h, member.user.id)).toEqual({ plan: 'elite', renewsAt: new Date(periodEnd * 1000) })
    expect(await member.api.billing.subscription()).toMatchObject({
      planId: 'elite',
      interval: 'monthly',
      status: 'active',
      renewsAt: new Date(periodEnd * 1000).toISOString(),
      mode: 'stripe',
    })
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`)).toBe(true)
  })

  it('the same event twice changes nothing the second time', async () => {
    const member = await h.member()
    const { subscriptionId } = await paidSubscription(member)
    const cancelFlag = stripe.changeSubscription(subscriptionId, { cancel_at_period_end: true })
    expect(await deliver(cancelFlag)).toEqual({ received: true, duplicate: false })
    await deliver(stripe.changeSubscription(subscriptionId, { cancel_at_period_end: false }))
    expect(await deliver(cancelFlag)).toEqual({ received: true, duplicate: true })
    expect((await member.api.billing.subscription()).cancelAtPeriodEnd).toBe(false)
  })

  it('customer.subscription.updated moves the renewal date and the cancel flag; deleted returns the member to free', async () => {
    const member = await h.member()
    const { subscriptionId } = await paidSubscription(member)
    const nextEnd = Math.floor(Date.now() / 1000) + 60 * 86_400
    await deliver(stripe.changeSubscription(subscriptionId, { periodEnd: nextEnd, cancel_at_period_end: true }))
    expect(await member.api.billing.subscription()).toMatchObject({
      planId: 'premium',
      renewsAt: new Date(nextEnd * 1000).toISOString(),
      cancelAtPeriodEnd: true,
    })
    expect((await planOf(h, member.user.id)).renewsAt).toEqual(new Date(nextEnd * 1000))
    await deliver(stripe.changeSubscription(subscriptionId, { status: 'canceled' }, 'customer.subscription.deleted'))
    expect(await planOf(h, member.user.id)).toEqual({ plan: 'free', renewsAt: null })
    expect(await member.api.billing.subscription()).toMatchObject({ planId: 'free', status: 'canceled' })
  })

  it('a failed payment keeps the plan through the grace period, then the sweep returns the member to free', async () => {
    const member = await h.member()
    const { subscriptionId } = await paidSubscription(member)
    const before = Date.now()
    await deliver(stripe.paymentFailed(subscriptionId))
    const view = await member.api.billing.subscription()
    expect(view).toMatchObject({ planId: 'premium', status: 'past_due' })
    const graceEndsAt = new Date(view.graceEndsAt!).getTime()
    expect(graceEndsAt).toBeGreaterThanOrEqual(before + PAYMENT_GRACE_MS)
    expect(graceEndsAt).toBeLessThanOrEqual(Date.now() + PAYMENT_GRACE_MS)
    // A second failure does not push the grace further out.
    await deliver(stripe.paymentFailed(subscriptionId))
    expect((await member.api.billing.subscription()).graceEndsAt).toBe(view.graceEndsAt)
    await sweepBilling(h.db, new Date(graceEndsAt - 1000))
    expect((await planOf(h, member.user.id)).plan).toBe('premium')
    await sweepBilling(h.db, new Date(graceEndsAt + 1000))
    expect(await planOf(h, member.user.id)).toEqual({ plan: 'free', renewsAt: null })
    // Stripe would go on retrying the card: the lapsed subscription is cancelled there too.
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('past_due')
    await drainJobs()
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled')
  })

  it('deleting the account cancels its Stripe subscription, which nobody would receive', async () => {
    const member = await h.member()
    const { subscriptionId } = await paidSubscription(member, 'elite')
    expect(await member.api.account.remove()).toEqual({ success: true })
    await drainJobs()
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled')
    // Done once: a second run has nothing to cancel.
    const cancels = () => stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`)
    expect(cancels()).toHaveLength(1)
  })

  it('a cancellation Stripe cannot take now is tried again, and one Stripe has already made is not repeated', async () => {
    const member = await h.member()
    const { subscriptionId } = await paidSubscription(member)
    await cancelAtStripe(h.db, subscriptionId)
    stripe.failNext(1)
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const runner = clockedRunner(h, new Date())
    try {
      await runner.drain()
      expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('active')
      expect(warned.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
        expect.objectContaining({ kind: 'stripe-cancel', msg: 'job failed; it will be retried' }),
      ])
      runner.set(new Date(Date.now() + 3_600_000))
      await runner.drain()
      expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled')
      await cancelAtStripe(h.db, subscriptionId)
      await runner.drain()
    } finally {
      await runner.stop()
    }
    expect(stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1)
  })

  it('reads the subscription again, so an event delivered late does not undo a newer state', async () => {
    const recovered = await h.member()
    const { subscriptionId: paid } = await paidSubscription(recovered)
    const failed = stripe.paymentFailed(paid)
    await deliver(stripe.changeSubscription(paid, { status: 'active' }))
    // Stripe's retry of the failure arrives after the card was fixed: no grace starts.
    await deliver(failed)
    expect(await recovered.api.billing.subscription()).toMatchObject({ status: 'active', graceEndsAt: null, planId: 'premium' })

    const leaving = await h.member()
    const { subscriptionId: ended } = await paidSubscription(leaving)
    const stale = stripe.changeSubscription(ended, { cancel_at_period_end: true })
    await deliver(stripe.changeSubscription(ended, { status: 'canceled' }, 'customer.subscription.deleted'))
    // An "updated" from before the deletion, delivered after it, does not bring the plan back.
    await deliver(stale)
    expect(await planOf(h, leaving.user.id)).toEqual({ plan: 'free', renewsAt: null })
    expect(await leaving.api.billing.subscription()).toMatchObject({ planId: 'free', status: 'canceled' })
  })

  it('a checkout paid by bank debit activates when the money arrives, not before', async () => {
    const member = await h.member()
    const { checkoutUrl } = await member.api.billing.subscribe({ planId: 'premium', interval: 'monthly' })
    const completed = stripe.pay(stripe.sessionIdOf(checkoutUrl), { paymentStatus: 'unpaid' })
    await deliver(completed)
    expect((await planOf(h, member.user.id)).plan).toBe('free')
    await deliver(stripe.debitSucceeded(completed))
    expect((await planOf(h, member.user.id)).plan).toBe('premium')
  })

  it('an event whose handling failed is handled when Stripe sends it again', async () => {
    const member = await h.member()
    const { checkoutUrl } = await member.api.billing.subscribe({ planId: 'elite', interval: 'monthly' })
    const completed = stripe.pay(stripe.sessionIdOf(checkoutUrl))
    stripe.failNext(1)
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect((await refusal(deliver(completed))).code).toBe('SERVICE_UNAVAILABLE')
    expect(warned.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toContain(
      'stripe: event not handled; Stripe will send it again',
    )
    expect((await planOf(h, member.user.id)).plan).toBe('free')
    expect(await deliver(completed)).toEqual({ received: true, duplicate: false })
    expect((await planOf(h, member.user.id)).plan).toBe('elite')
    expect(await deliver(completed)).toEqual({ received: true, duplicate: true })
  })

  it('a payment that succeeds during the grace clears it', async () => {
    const member = await h.member()
    const { subscriptionId } = await paidSubscription(member)
    await deliver(stripe.paymentFailed(subscriptionId))
    await deliver(stripe.changeSubscription(subscriptionId, { status: 'active' }))
    expect(await member.api.billing.subscription()).toMatchObject({ status: 'active', graceEndsAt: null, planId: 'premium' })
  })

  it('cancel and resume ask Stripe to change the subscription, and the portal opens for the customer', async () => {
    const member = await h.member()
    const { subscriptionId } = await paidSubscription(member)
    expect(await member.api.billing.cancel()).toMatchObject({ cancelAtPeriodEnd: true, planId: 'premium' })
    const updates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`)
    expect(updates().map((r) => r.params.cancel_at_period_end)).toEqual(['true'])
    expect(await member.api.billing.resume()).toMatchObject({ cancelAtPeriodEnd: false })
    expect(updates().map((r) => r.params.cancel_at_period_end)).toEqual(['true', 'false'])
    const { url } = await member.api.billing.portal()
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/cus_/)
    expect(stripe.requests.findLast((r) => r.path === '/v1/billing_portal/sessions')!.params.return_url).toMatch(/\/settings#membership$/)
  })

  it('a Stripe plan cancelled at period end ends by the sweep when no webhook came', async () => {
    const member = await h.member()
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400
    await paidSubscription(member, 'premium', periodEnd)
    await member.api.billing.cancel()
    await sweepBilling(h.db, new Date(periodEnd * 1000 + 60_000))
    expect((await planOf(h, member.user.id)).plan).toBe('premium')
    await sweepBilling(h.db, new Date(periodEnd * 1000 + 7 * 3_600_000))
    expect((await planOf(h, member.user.id)).plan).toBe('free')
  })

  it('changing plan cancels the previous Stripe subscription, whose deletion then leaves the new plan alone', async () => {
    const member = await h.member()
    const { subscriptionId: old } = await paidSubscription(member, 'premium')
    const { subscriptionId: current } = await paidSubscription(member, 'elite')
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${old}`)).toBe(true)
    await deliver(stripe.changeSubscription(old, { status: 'canceled' }, 'customer.subscription.deleted'))
    expect((await planOf(h, member.user.id)).plan).toBe('elite')
    const [row] = await h.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))
    expect(row?.stripeSubscriptionId).toBe(current)
  })

  it('a replaced subscription Stripe cannot cancel at once is cancelled by the job, tried again', async () => {
    const member = await h.member()
    const { subscriptionId: old } = await paidSubscription(member, 'premium')
    stripe.failNext(1, (method, path) => method === 'DELETE' && path === `/v1/subscriptions/${old}`)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await paidSubscription(member, 'elite')
    expect((await planOf(h, member.user.id)).plan).toBe('elite')
    expect(stripe.subscriptions.get(old)?.status).toBe('active')
    await drainJobs()
    expect(stripe.subscriptions.get(old)?.status).toBe('canceled')
  })

  it('the bypass fee is a one-off Stripe payment that makes the income record bypass_paid', async () => {
    const member = await h.member()
    const { checkoutUrl } = await member.api.verification.requestIncomeBypass({
      tier: 'tier3',
      bypassLevel: 'very-serious',
      acceptNonRefundable: true,
    })
    const session = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!
    expect(session.params).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '750000',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Commitment bypass: Very Serious',
    })
    const event = stripe.pay(stripe.sessionIdOf(checkoutUrl))
    await deliver(event)
    await deliver(event)
    const income = (await member.api.verification.status()).records.find((r) => r.type === 'income')
    expect(income).toMatchObject({ status: 'bypass_paid', details: { tier: 'tier3', bypassLevel: 'very-serious' } })
    expect((await planOf(h, member.user.id)).plan).toBe('free')
  })

  it('a bypass paid at Stripe after documents were sent for review leaves them standing, for a refund by hand', async () => {
    const member = await h.member()
    const checkoutUrl = await bypassThenDocuments(member)
    const failed = vi.spyOn(console, 'error').mockImplementation(() => {})
    await deliver(stripe.pay(stripe.sessionIdOf(checkoutUrl)))
    const income = (await member.api.verification.status()).records.find((r) => r.type === 'income')
    expect(income).toMatchObject({ status: 'pending', details: { tier: 'tier3' } })
    expect(failed.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
      expect.objectContaining({
        userId: member.user.id,
        msg: 'bypass fee paid for an income record that was no longer open to it; refund it by hand',
      }),
    ])
  })

  it('the demo confirmation does not exist in Stripe mode', async () => {
    const member = await h.member()
    const { checkoutUrl } = await member.api.billing.subscribe({ planId: 'premium', interval: 'monthly' })
    const sessionId = stripe.sessionIdOf(checkoutUrl)
    const checkoutId = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.params['metadata[userId]'] === member.user.id)!
      .params['metadata[checkoutId]']!
    expect(sessionId).toMatch(/^cs_/)
    expect((await refusal(member.api.billing.confirmDemoCheckout({ id: checkoutId }))).code).toBe('NOT_FOUND')
    expect(await member.api.billing.checkout({ id: checkoutId })).toMatchObject({ status: 'open', mode: 'stripe' })
  })
})
