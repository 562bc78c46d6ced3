import type { IncomingMessage, ServerResponse } from 'node:http'
import { handleWebhook } from '#server/services/billing.ts'
import type { ContextDeps } from '#server/trpc/context.ts'
import { readBody } from './body.ts'
import { sendJson } from './send-json.ts'

export const BILLING_WEBHOOK_PATH = '/api/billing/webhook'
/** Stripe's events are a few kilobytes; anything this big is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024

/**
 * `POST /api/billing/webhook`. Stripe posts with no cookie and no Origin, so this path is exempt
 * from the same-site checks of other writes: the signature over the raw body, checked before
 * anything is read from it, is its only authority. The body is read as bytes, never parsed first.
 */
export function createBillingWebhookRoute(deps: ContextDeps) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req, WEBHOOK_BODY_LIMIT)
    const signature = req.headers['stripe-signature']
    const result = await handleWebhook(deps, raw, typeof signature === 'string' ? signature : undefined)
    sendJson(res, 200, result)
  }
}
