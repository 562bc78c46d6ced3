import type { IncomingMessage, ServerResponse } from 'node:http'
import { DomainError, ForbiddenError, httpErrorReply, InvalidInputError, UnsupportedTypeError } from '#server/errors.ts'
import { logger } from '#server/log.ts'
import { MAX_BATCH_SIZE } from '#server/realtime/socket-limits.ts'
import { createRestHandler, restRouteOf } from '#server/rest/adapter.ts'
import { appRouter } from '#server/routers/_app.ts'
import type { ContextDeps } from '#server/trpc/context.ts'
import { procedureNamesOf } from '#server/trpc/procedure-paths.ts'
import { BILLING_WEBHOOK_PATH, createBillingWebhookRoute } from './billing-webhook-route.ts'
import { discardBody } from './body.ts'
import { createMetricsRoute, METRICS_PATH } from './metrics-route.ts'
import { requestPath } from './request-info.ts'
import { observeRequest, requestIdFor } from './request-log.ts'
import { isCrossSite, type ResponseKind, SAFE_METHODS, setSecurityHeaders } from './security.ts'
import { sendJson } from './send-json.ts'
import { createClientHandler } from './static-files.ts'
import { createTrpcRoute } from './trpc-route.ts'
import { createUnsubscribeRoute, UNSUBSCRIBE_PATH } from './unsubscribe-route.ts'
import { createUploadsHandler } from './uploads.ts'

/** Subscriptions live on the socket only, where each connection's feeds are counted and capped. */
const subscriptions = procedureNamesOf('subscription')

/** A bounded name for what a tRPC call reached: one procedure's name, or that it was a batch or unknown. */
function trpcRoute(path: string) {
  const names = path.slice('/trpc/'.length)
  if (names.includes(',')) return '/trpc/(batch)'
  const name = decodedOrRaw(names)
  return Object.hasOwn(appRouter._def.procedures, name) ? `/trpc/${name}` : '/trpc/(unknown)'
}

function decodedOrRaw(name: string) {
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

const TOKEN_AUTHORIZED_PATHS = new Set([UNSUBSCRIBE_PATH, BILLING_WEBHOOK_PATH])

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void

/**
 * The one door for HTTP. Every request gets its error handlers and the security headers before
 * anything is awaited; whatever a route throws is mapped to a status and a JSON body in one place
 * and logged once with the request's id, and no request can take the process down with it.
 * HTTP-only routes (the sign-in redirect, OAuth) are tried before the REST table.
 */
export function createRequestHandler(deps: ContextDeps, extraApiRoutes: Map<string, RouteHandler> = new Map()) {
  const trpc = createTrpcRoute({
    deps,
    maxBatchSize: MAX_BATCH_SIZE,
    onError(error, req) {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        logger.error({ err: error.cause ?? error, requestId: requestIds.get(req) }, 'request failed')
    },
  })
  const httpRoutes = new Map<string, RouteHandler>([
    ['GET /api/login', redirectToSignIn],
    [`POST ${UNSUBSCRIBE_PATH}`, createUnsubscribeRoute(deps)],
    [`POST ${BILLING_WEBHOOK_PATH}`, createBillingWebhookRoute(deps)],
    ...extraApiRoutes,
  ])
  const rest = createRestHandler(deps)
  const uploads = createUploadsHandler(deps)
  const client = createClientHandler(deps.config.CLIENT_DIR)
  const metrics = createMetricsRoute(deps)
  const requestIds = new WeakMap<IncomingMessage, string>()

  /** The label a request is logged and measured under, known once routing is done. */
  function routeOf(req: IncomingMessage, target: Target | null): string {
    if (target === null) return '(invalid)'
    const { path, area } = target
    switch (area) {
      case 'trpc':
        return trpcRoute(path)
      case 'api':
        return httpRoutes.has(`${req.method} ${path}`) ? path : (restRouteOf(req) ?? '(unmatched)')
      case 'uploads':
        return '/uploads/*'
      case 'metrics':
        return path
      case 'client':
        return '(client)'
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse, { path, area }: Target) {
    const url = new URL(req.url ?? '/', 'http://localhost')
    // One-click unsubscribe is posted by mail clients as a form, and Stripe posts its events from its
    // own servers: a token or a signature, not a cookie, is their authority.
    if ((area === 'api' || area === 'trpc') && !SAFE_METHODS.has(req.method ?? 'GET') && !TOKEN_AUTHORIZED_PATHS.has(path))
      guardMutation(req, deps)
    switch (area) {
      case 'trpc': {
        const names = path.slice('/trpc/'.length)
        if (names.split(',').some((name) => subscriptions.has(decodedOrRaw(name))))
          throw new DomainError('METHOD_NOT_SUPPORTED', 'Live feeds are served over the WebSocket at /trpc.')
        return trpc(req, res, url, names)
      }
      case 'api':
        return (httpRoutes.get(`${req.method} ${path}`) ?? rest)(req, res, url)
      case 'uploads':
        return uploads(req, res, url)
      case 'metrics':
        return metrics(req, res)
      case 'client':
        if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'Method not allowed' })
        return client(req, res, url)
    }
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    const requestId = requestIdFor(req)
    requestIds.set(req, requestId)
    // A client that resets or cuts its body short ends its own request, nothing more.
    req.on('error', () => {})
    res.on('error', () => {})
    res.setHeader('X-Request-Id', requestId)
    const path = requestPath(req)
    const target = path === null ? null : { path, area: areaOf(path) }
    observeRequest(req, res, { requestId, path }, () => routeOf(req, target))
    // A request whose path cannot be read is answered as the API answers.
    setSecurityHeaders(res, target === null ? 'answer' : RESPONSE_KIND[target.area])
    const handled = target === null ? Promise.reject(new InvalidInputError('Bad request')) : route(req, res, target)
    handled.catch(async (error: unknown) => {
      const reply = httpErrorReply(error)
      // A client that hung up before its body arrived is not a failure of ours.
      if (reply.unexpected && !req.complete && req.destroyed)
        logger.info({ requestId, method: req.method, path }, 'client left mid-request')
      else if (reply.unexpected) logger.error({ err: reply.unexpected, requestId, method: req.method, path }, 'request failed')
      // A refusal sent before the body was read (a visitor's upload, a cross-site write): a small body is
      // read first so the client, still writing it, gets the answer; a large or endless one is not
      // waited for, and the connection closes behind the answer.
      if (!(await discardBody(req, deps.config.BODY_LIMIT_BYTES))) res.setHeader('Connection', 'close')
      sendJson(res, reply.status, reply.body, reply.headers)
    })
  }
}

/** The part of the server a request's path belongs to, worked out once: routing, its label and its headers follow it. */
type Area = 'trpc' | 'api' | 'uploads' | 'metrics' | 'client'

interface Target {
  path: string
  area: Area
}

function areaOf(path: string): Area {
  if (path.startsWith('/trpc/')) return 'trpc'
  if (path.startsWith('/api/') || path === '/api') return 'api'
  if (path.startsWith('/uploads/')) return 'uploads'
  return path === METRICS_PATH ? 'metrics' : 'client'
}

/** The headers each area answers with: JSON answers, members' uploads, and the client's pages and files. */
const RESPONSE_KIND: Record<Area, ResponseKind> = { trpc: 'answer', api: 'answer', metrics: 'answer', uploads: 'upload', client: 'page' }

/** The spec's client navigates to GET /api/login after a 401: the browser lands on the sign-in screen. */
function redirectToSignIn(_req: IncomingMessage, res: ServerResponse) {
  res.writeHead(302, { Location: '/login' })
  res.end()
}

/** Cross-site writes are refused, and so are the content types a plain HTML form can send. */
function guardMutation(req: IncomingMessage, deps: ContextDeps) {
  if (isCrossSite(req, deps.config)) throw new ForbiddenError('Cross-site requests are not allowed.')
  const type = String(req.headers['content-type'] ?? '').toLowerCase()
  const formLike = type.startsWith('text/plain') || type.startsWith('application/x-www-form-urlencoded')
  if (formLike) throw new UnsupportedTypeError('Please send JSON (Content-Type: application/json).')
}
