import type { IncomingMessage, ServerResponse } from 'node:http'
import { createHTTPHandler } from '@trpc/server/adapters/standalone'
import { appRouter } from '#server/routers/_app.ts'
import { createRestHandler } from '#server/rest/adapter.ts'
import { createContext, type ContextDeps } from '#server/trpc/context.ts'
import { GENERIC_ERROR_MESSAGE } from '#server/errors.ts'
import { HttpError, sendJson } from './http-error.ts'
import { createClientHandler } from './static-files.ts'
import { createUploadsHandler } from './uploads.ts'
import { isCrossSite, SAFE_METHODS, setSecurityHeaders } from './security.ts'

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void

/** HTTP-only routes (the sign-in redirect, OAuth) are tried before the REST table. */
export function createRequestHandler(deps: ContextDeps, extraApiRoutes: Map<string, RouteHandler> = new Map()) {
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: '/trpc/',
    maxBodySize: deps.config.BODY_LIMIT_BYTES,
    createContext: ({ req, res }) => createContext(deps, req, res),
    onError({ error }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(error.cause ?? error)
    },
  })
  const httpRoutes = new Map<string, RouteHandler>([['GET /api/login', redirectToSignIn], ...extraApiRoutes])
  const rest = createRestHandler(deps)
  const uploads = createUploadsHandler(deps)
  const client = createClientHandler(deps.config.CLIENT_DIR)

  return async (req: IncomingMessage, res: ServerResponse) => {
    let url: URL
    try {
      url = new URL(req.url ?? '/', 'http://localhost')
    } catch {
      return sendJson(res, 400, { message: 'Bad request' })
    }
    const isApi = url.pathname.startsWith('/api/') || url.pathname === '/api'
    const isTrpc = url.pathname.startsWith('/trpc/')
    setSecurityHeaders(res, isApi || isTrpc || url.pathname.startsWith('/uploads/'))
    try {
      if ((isApi || isTrpc) && !SAFE_METHODS.has(req.method ?? 'GET')) guardMutation(req, deps)
      if (isTrpc) return trpc(req, res)
      if (isApi) return await (httpRoutes.get(`${req.method} ${url.pathname}`) ?? rest)(req, res, url)
      if (url.pathname.startsWith('/uploads/')) return await uploads(req, res, url)
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'Method not allowed' })
      return await client(req, res, url)
    } catch (error) {
      if (error instanceof HttpError) return sendJson(res, error.status, { message: error.message }, error.headers)
      console.error(error)
      return sendJson(res, 500, { message: GENERIC_ERROR_MESSAGE })
    }
  }
}

/** The spec's client navigates to GET /api/login after a 401: the browser lands on the sign-in screen. */
function redirectToSignIn(_req: IncomingMessage, res: ServerResponse) {
  res.writeHead(302, { Location: '/login' })
  res.end()
}

/** Cross-site writes are refused, and so are the content types a plain HTML form can send. */
function guardMutation(req: IncomingMessage, deps: ContextDeps) {
  if (isCrossSite(req, deps.config)) throw new HttpError(403, 'Cross-site requests are not allowed.')
  const type = String(req.headers['content-type'] ?? '').toLowerCase()
  const formLike = type.startsWith('text/plain') || type.startsWith('application/x-www-form-urlencoded')
  if (formLike) throw new HttpError(415, 'Please send JSON (Content-Type: application/json).')
}
