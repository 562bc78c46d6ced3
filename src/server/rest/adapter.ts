import type { IncomingMessage, ServerResponse } from 'node:http'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { TRPCError } from '@trpc/server'
import { createCaller } from '#server/routers/_app.ts'
import { createContext, type ContextDeps } from '#server/trpc/context.ts'
import { GENERIC_ERROR_MESSAGE, publicErrorMessage } from '#server/errors.ts'
import { readForm, readJson, readSingleFile } from '#server/http/body.ts'
import { HttpError, sendJson } from '#server/http/http-error.ts'
import { MAX_PHOTO_BYTES } from '#server/services/photos.ts'
import { MAX_DOCUMENT_BYTES } from '#shared/content/verification.ts'
import { restRoutes, type RestAttachment, type RestRoute } from './routes.ts'

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
          : route.body === 'form'
            ? await readForm(req, MAX_DOCUMENT_BYTES)
            : req.method === 'GET'
            ? undefined
            : await readJson(req, deps.config.BODY_LIMIT_BYTES)
      const caller = createCaller(await createContext(deps, req, res))
      const result = await route.call(caller, { params, query: url.searchParams, body })
      if (route.response === 'attachment') sendAttachment(res, result as RestAttachment)
      else sendJson(res, 200, result ?? null)
    } catch (error) {
      sendError(res, error)
    }
  }
}

/** A file the browser saves rather than shows; the name is also given RFC 5987-encoded for non-ASCII. */
function sendAttachment(res: ServerResponse, file: RestAttachment) {
  const body = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content
  const asciiName = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  res.writeHead(200, {
    'Content-Type': file.contentType,
    'Content-Length': body.byteLength,
    'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeRfc5987(file.fileName)}`,
  })
  res.end(body)
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
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
