import type { IncomingMessage, ServerResponse } from 'node:http'
import { createCaller } from '#server/routers/_app.ts'
import { type ContextDeps, createContext } from '#server/trpc/context.ts'
import { readBody } from './body.ts'
import { sendJson } from './send-json.ts'

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe'
/** `List-Unsubscribe=One-Click` and room to spare: anything bigger is not a mail client's one click. */
const UNSUBSCRIBE_BODY_LIMIT = 1024

/**
 * `POST /api/notifications/unsubscribe?token=…`, the address in every email's List-Unsubscribe
 * header. A mail client posts `List-Unsubscribe=One-Click` as a form, with no cookie and no Origin
 * (RFC 8058), so this path is exempt from the JSON-only and same-site checks of other writes: the
 * signed token is its only authority and there is no session to ride on. Its body says nothing the
 * token does not, so it is read only to refuse (413) one bigger than a one-click post.
 */
export function createUnsubscribeRoute(deps: ContextDeps) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    await readBody(req, UNSUBSCRIBE_BODY_LIMIT)
    const ctx = await createContext(deps, req, res)
    const result = await createCaller(ctx).account.unsubscribe({ token: url.searchParams.get('token') ?? '' })
    sendJson(res, 200, { ...result, message: 'You are unsubscribed.' })
  }
}
