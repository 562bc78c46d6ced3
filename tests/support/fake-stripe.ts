import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

const WEBHOOK_SECRET = 'whsec_test_covenant_webhook_secret'
const SECRET_KEY = 'sk_test_covenant_fake'

interface RecordedRequest {
  method: string
  path: string
  /** Form fields (or query parameters) as the SDK encoded them: `line_items[0][price]`. */
  params: Record<string, string>
  idempotencyKey: string | undefined
}

interface FakeSubscription {
  id: string
  customer: string
  status: string
  cancel_at_period_end: boolean
  metadata: Record<string, string>
  lookupKey: string | null
  priceId: string
  periodEnd: number
}

const now = () => Math.floor(Date.now() / 1000)
const DAY = 86_400

/**
 * Stripe's API as far as the billing gateway uses it, on 127.0.0.1: prices by lookup key,
 * customers, Checkout sessions, subscriptions and portal sessions. It keeps what was created and
 * records every request, so a test can say what the product asked Stripe for.
 */
export async function startFakeStripe() {
  const requests: RecordedRequest[] = []
  /** How many of the next requests (those `failing.only` accepts) are answered as Stripe answers when it is down. */
  let failing = { count: 0, only: (_method: string, _path: string) => true }
  const prices = new Map<string, { id: string; lookup_key: string | null; unit_amount: number; recurring: unknown }>()
  const customers = new Map<string, { id: string; email: string }>()
  const sessions = new Map<
    string,
    { id: string; mode: string; customer: string; metadata: Record<string, string>; priceId: string | null }
  >()
  const subscriptions = new Map<string, FakeSubscription>()
  let sequence = 0
  const nextId = (prefix: string) => `${prefix}_fake${++sequence}`

  function subscriptionObject(sub: FakeSubscription) {
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      cancel_at_period_end: sub.cancel_at_period_end,
      metadata: sub.metadata,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${sub.id}`,
            object: 'subscription_item',
            current_period_start: sub.periodEnd - 30 * DAY,
            current_period_end: sub.periodEnd,
            price: { id: sub.priceId, object: 'price', lookup_key: sub.lookupKey },
          },
        ],
      },
    }
  }

  function reply(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') })
    res.end(JSON.stringify(body))
  }

  function notFound(res: ServerResponse, what: string) {
    reply(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } })
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const params = Object.fromEntries(req.method === 'GET' || req.method === 'DELETE' ? url.searchParams : new URLSearchParams(body))
    const method = req.method ?? 'GET'
    const path = url.pathname
    const key = req.headers['idempotency-key']
    requests.push({ method, path, params, idempotencyKey: typeof key === 'string' ? key : undefined })
    if (failing.count > 0 && failing.only(method, path)) {
      failing.count -= 1
      res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' })
      return res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unexpected error occurred.' } }))
    }
    const route = `${method} ${path.replace(/\/(sub|cs|cus|price)_[A-Za-z0-9_]+/, '/:id')}`
    const id = path.split('/').at(-1)!

    switch (route) {
      case 'GET /v1/prices': {
        const keys = Object.entries(params)
          .filter(([name]) => name.startsWith('lookup_keys'))
          .map(([, value]) => value)
        const data = [...prices.values()].filter((price) => price.lookup_key && keys.includes(price.lookup_key))
        return reply(res, 200, { object: 'list', url: '/v1/prices', has_more: false, data: data.map((p) => ({ object: 'price', ...p })) })
      }
      case 'POST /v1/prices': {
        const price = {
          id: nextId('price'),
          lookup_key: params.lookup_key ?? null,
          unit_amount: Number(params.unit_amount),
          recurring: { interval: params['recurring[interval]'] },
        }
        if (price.lookup_key && params.transfer_lookup_key === 'true') {
          for (const other of prices.values()) if (other.lookup_key === price.lookup_key) other.lookup_key = null
        }
        prices.set(price.id, price)
        return reply(res, 200, { object: 'price', ...price })
      }
      case 'POST /v1/customers': {
        const customer = { id: nextId('cus'), email: params.email ?? '' }
        customers.set(customer.id, customer)
        return reply(res, 200, { object: 'customer', ...customer })
      }
      case 'POST /v1/checkout/sessions': {
        const session = {
          id: nextId('cs'),
          mode: params.mode ?? 'payment',
          customer: params.customer ?? '',
          metadata: metadataOf(params, 'metadata'),
          priceId: params['line_items[0][price]'] ?? null,
        }
        sessions.set(session.id, session)
        return reply(res, 200, { object: 'checkout.session', ...session, url: `https://checkout.stripe.test/c/pay/${session.id}` })
      }
      case 'GET /v1/subscriptions/:id': {
        const sub = subscriptions.get(id)
        return sub ? reply(res, 200, subscriptionObject(sub)) : notFound(res, 'subscription')
      }
      case 'POST /v1/subscriptions/:id': {
        const sub = subscriptions.get(id)
        if (!sub) return notFound(res, 'subscription')
        if (params.cancel_at_period_end) sub.cancel_at_period_end = params.cancel_at_period_end === 'true'
        return reply(res, 200, subscriptionObject(sub))
      }
      case 'DELETE /v1/subscriptions/:id': {
        const sub = subscriptions.get(id)
        if (!sub) return notFound(res, 'subscription')
        sub.status = 'canceled'
        return reply(res, 200, subscriptionObject(sub))
      }
      case 'POST /v1/billing_portal/sessions':
        return reply(res, 200, {
          id: nextId('bps'),
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.test/p/session/${params.customer}`,
        })
      default:
        return notFound(res, `route ${route}`)
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  /**
   * What Stripe does when the member pays: a subscription-mode session gets its subscription
   * (period end a month on), and the `checkout.session.completed` event is returned to send.
   */
  function pay(sessionId: string, options: { periodEnd?: number; paymentStatus?: string } = {}) {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`no fake session ${sessionId}`)
    let subscription: string | null = null
    if (session.mode === 'subscription') {
      const price = session.priceId ? prices.get(session.priceId) : undefined
      const sub: FakeSubscription = {
        id: nextId('sub'),
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata: {
          userId: session.metadata.userId ?? '',
          planId: session.metadata.planId ?? '',
          interval: session.metadata.interval ?? '',
        },
        lookupKey: price?.lookup_key ?? null,
        priceId: session.priceId ?? '',
        periodEnd: options.periodEnd ?? now() + 30 * DAY,
      }
      subscriptions.set(sub.id, sub)
      subscription = sub.id
    }
    return event('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      mode: session.mode,
      customer: session.customer,
      subscription,
      metadata: session.metadata,
      payment_status: options.paymentStatus ?? 'paid',
      status: 'complete',
    })
  }

  /** The money of a bank debit arrived for a session completed unpaid: the event Stripe sends then. */
  function debitSucceeded(completed: ReturnType<typeof pay>) {
    return event('checkout.session.async_payment_succeeded', { ...(completed.data.object as object), payment_status: 'paid' })
  }

  /** Changes a subscription as Stripe would (renewal, cancel flag, status) and returns the event saying so. */
  function changeSubscription(
    subscriptionId: string,
    change: Partial<Pick<FakeSubscription, 'status' | 'cancel_at_period_end' | 'periodEnd'>>,
    type = 'customer.subscription.updated',
  ) {
    const sub = subscriptions.get(subscriptionId)
    if (!sub) throw new Error(`no fake subscription ${subscriptionId}`)
    Object.assign(sub, change)
    return event(type, subscriptionObject(sub))
  }

  /** A renewal's payment failed: the subscription is past due, as Stripe leaves it, and the invoice's event says so. */
  function paymentFailed(subscriptionId: string) {
    const sub = subscriptions.get(subscriptionId)
    if (sub) sub.status = 'past_due'
    return event('invoice.payment_failed', {
      id: nextId('in'),
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} }, quote_details: null },
    })
  }

  return {
    url,
    requests,
    subscriptions,
    sessionIdOf: (checkoutUrl: string) => checkoutUrl.split('/').at(-1)!,
    pay,
    changeSubscription,
    paymentFailed,
    debitSucceeded,
    failNext: (count: number, only: (method: string, path: string) => boolean = () => true) => {
      failing = { count, only }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }

  function event(type: string, object: unknown) {
    return { id: nextId('evt'), object: 'event', api_version: '2026-10-28.endive', created: now(), type, data: { object } }
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

function metadataOf(params: Record<string, string>, prefix: string): Record<string, string> {
  const metadata: Record<string, string> = {}
  for (const [name, value] of Object.entries(params)) {
    const match = new RegExp(`^${prefix}\\[([^\\]]+)\\]$`).exec(name)
    if (match) metadata[match[1]!] = value
  }
  return metadata
}

/** The configuration that turns Stripe mode on against the fake. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url }
}

/** An event as Stripe posts it: the exact body and its `Stripe-Signature` header, signed with the SDK's own helper. */
export function signedEvent(event: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event)
  const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret })
  return { payload, signature }
}
