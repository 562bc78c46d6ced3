import type { IncomingMessage, ServerResponse } from 'node:http'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { TRPCError } from '@trpc/server'
import { createCaller } from '#server/routers/_app.ts'
import { createContext, type ContextDeps } from '#server/trpc/context.ts'
import { GENERIC_ERROR_MESSAGE, publicErrorMessage } from '#server/errors.ts'
import { readJson, readSingleFile } from '#server/http/body.ts'
import { HttpError, sendJson } from '#server/http/http-error.ts'
import { MAX_PHOTO_BYTES } from '#server/services/photos.ts'
import { restRoutes, type RestRoute } from './routes.ts'

interface CompiledRoute extends RestRoute {
  pattern: RegExp
  paramNames: string[]
}

const compiled: CompiledRoute[] = restRoutes.map((route) => {
  const paramNames: string[] = []
  const source = route.path.replace(/:(\w+)/g, (_, name: string) => {
    paramNames.push(name)
    return '([^/]+)'
  })
  return { ...route, pattern: new RegExp(`^${source}/?$`), paramNames }
})

export type RestHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>

/** Finds the row, reads the input, calls the procedure, and maps its errors to status codes. */
export function createRestHandler(deps: ContextDeps): RestHandler {
  return async (req, res, url) => {
    const matches = compiled.filter((route) => route.pattern.test(url.pathname))
    if (matches.length === 0) return sendJson(res, 404, { message: 'Not found' })
    const route = matches.find((candidate) => candidate.method === req.method)
    if (!route) {
      const allow = matches.map((candidate) => candidate.method).join(', ')
      return sendJson(res, 405, { message: 'Method not allowed' }, { Allow: allow })
    }
    try {
      const values = route.pattern.exec(url.pathname)!.slice(1)
      const params = Object.fromEntries(route.paramNames.map((name, i) => [name, decodeURIComponent(values[i]!)]))
      const body =
        route.body === 'file'
          ? await readSingleFile(req, MAX_PHOTO_BYTES)
          : req.method === 'GET'
            ? undefined
            : await readJson(req, deps.config.BODY_LIMIT_BYTES)
      const caller = createCaller(await createContext(deps, req, res))
      const result = await route.call(caller, { params, query: url.searchParams, body })
      sendJson(res, 200, result ?? null)
    } catch (error) {
      sendError(res, error)
    }
  }
}

function sendError(res: ServerResponse, error: unknown) {
  if (error instanceof HttpError) return sendJson(res, error.status, { message: error.message }, error.headers)
  if (error instanceof TRPCError) {
    if (error.code === 'INTERNAL_SERVER_ERROR') console.error(error.cause ?? error)
    return sendJson(res, getHTTPStatusCodeFromError(error), { message: publicErrorMessage(error) })
  }
  console.error(error)
  sendJson(res, 500, { message: GENERIC_ERROR_MESSAGE })
}
