import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '#server/app.ts'
import { type FakeStripe, signedEvent, startFakeStripe, stripeEnv } from '#tests/support/fake-stripe.ts'
import { call, registerMember } from '#tests/support/http.ts'
import { testConfig } from '#tests/support/test-config.ts'

const idOf = (checkoutUrl: string) => checkoutUrl.split('/').at(-1)!

describe('billing over REST, demo mode', () => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(testConfig({ JOBS_IN_PROCESS: '0' }))
  })
  afterAll(() => app?.close())
  const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

  it('GET /api/plans lists the plans with prices and the yearly saving, to anyone', async () => {
    const reply = await api('GET', '/api/plans')
    expect(reply.status).toBe(200)
    expect(reply.body).toHaveLength(5)
    expect(reply.body[1]).toMatchObject({
      id: 'premium',
      name: 'Divine Connection',
      price: { monthly: 19.99, yearly: 199.99 },
      yearlySaving: 17,
      features: expect.any(Array),
      limitations: expect.any(Array),
    })
    expect(reply.body[3]).toMatchObject({ id: 'millionaire', incomeRange: '$500K-$9M', exclusive: true })
  })

  it('subscribe, look at the checkout, confirm, cancel at period end and resume', async () => {
    expect((await api('GET', '/api/subscription')).status).toBe(401)
    expect((await api('POST', '/api/subscription', { body: { planId: 'premium' } })).status).toBe(401)
    const { cookie } = await registerMember(app.url)
    expect((await api('GET', '/api/subscription', { cookie })).body).toMatchObject({ planId: 'free', status: 'none', mode: 'demo' })

    const started = await api('POST', '/api/subscription', { cookie, body: { planId: 'premium', interval: 'monthly' } })
    expect(started.status).toBe(200)
    const id = idOf(started.body.checkoutUrl)
    expect(started.body.checkoutUrl).toBe(`/checkout/demo/${id}`)
    expect((await api('GET', `/api/billing/checkouts/${id}`, { cookie })).body).toMatchObject({ status: 'open', amountUsd: 19.99 })
    const other = await registerMember(app.url)
    expect((await api('GET', `/api/billing/checkouts/${id}`, { cookie: other.cookie })).status).toBe(404)
    expect((await api('POST', `/api/billing/demo-checkout/${id}/confirm`, { cookie: other.cookie })).status).toBe(404)

    const confirmed = await api('POST', `/api/billing/demo-checkout/${id}/confirm`, { cookie })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({ planId: 'premium', interval: 'monthly', status: 'active', cancelAtPeriodEnd: false })
    expect((await api('GET', '/api/auth/user', { cookie })).body).toMatchObject({ plan: 'premium' })

    const cancelled = await api('DELETE', '/api/subscription', { cookie })
    expect(cancelled.body).toMatchObject({ planId: 'premium', cancelAtPeriodEnd: true, renewsAt: confirmed.body.renewsAt })
    const resumed = await api('POST', '/api/subscription/resume', { cookie })
    expect(resumed.body).toMatchObject({ cancelAtPeriodEnd: false })
    expect((await api('GET', '/api/subscription', { cookie })).body).toEqual(resumed.body)
    // Demo mode has no Stripe portal and no webhook.
    expect((await api('POST', '/api/billing/portal', { cookie })).status).toBe(404)
    expect((await api('POST', '/api/billing/webhook', { body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(404)
  })

  it('POST /api/subscription validates the plan with readable messages', async () => {
    const { cookie } = await registerMember(app.url)
    const reply = await api('POST', '/api/subscription', { cookie, body: { planId: 'free' } })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe('Please choose a paid plan')
    const circle = await api('POST', '/api/subscription', { cookie, body: { planId: 'millionaire', interval: 'yearly' } })
    expect(circle.status).toBe(403)
    expect(circle.body.message).toContain('Verify your income first.')
  })
})

describe('the Stripe webhook over HTTP', () => {
  let app: RunningApp
  let stripe: FakeStripe
  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startApp(testConfig({ JOBS_IN_PROCESS: '0', ...stripeEnv(stripe) }))
  })
  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })
  const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

  const post = (payload: string, signature?: string, headers: Record<string, string> = {}) =>
    api('POST', '/api/billing/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}), ...headers },
    })

  it('a signed event on the raw body activates the plan; the same event again changes nothing', async () => {
    const { cookie } = await registerMember(app.url)
    const started = await api('POST', '/api/subscription', { cookie, body: { planId: 'elite', interval: 'monthly' } })
    expect(started.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//)
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400
    const { payload, signature } = signedEvent(stripe.pay(stripe.sessionIdOf(started.body.checkoutUrl), { periodEnd }))
    // A cross-site Origin does not matter here: the signature is the authority.
    const reply = await post(payload, signature, { origin: 'https://stripe.example' })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ received: true, duplicate: false })
    expect((await post(payload, signature)).body).toEqual({ received: true, duplicate: true })
    expect((await api('GET', '/api/subscription', { cookie })).body).toMatchObject({
      planId: 'elite',
      status: 'active',
      renewsAt: new Date(periodEnd * 1000).toISOString(),
      mode: 'stripe',
    })
    const portal = await api('POST', '/api/billing/portal', { cookie })
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//)
  })

  it('refuses an unsigned (400), mis-signed (400) or oversized (413) body, and garbage never gets a 500', async () => {
    const { payload, signature } = signedEvent({ id: 'evt_x', object: 'event', type: 'ping', data: { object: {} } })
    expect((await post(payload)).status).toBe(400)
    expect((await post(payload, 't=1,v1=deadbeef')).status).toBe(400)
    expect((await post(`${payload}x`, signature)).status).toBe(400)
    expect((await post('not json at all', signature)).status).toBe(400)
    expect((await post(payload, signature)).status).toBe(200)
    const huge = await post(`{"pad":"${'x'.repeat(300 * 1024)}"}`, signature)
    expect(huge.status).toBe(413)
    const garbage = await api('POST', '/api/billing/webhook', {
      body: new Uint8Array([0xff, 0xfe, 0x00, 0x01]),
      headers: { 'content-type': 'application/octet-stream', 'stripe-signature': signature },
    })
    expect(garbage.status).toBe(400)
  })
})
