import type { IncomingMessage, ServerResponse } from 'node:http'
import { TRPCError } from '@trpc/server'
import { InvalidInputError, NotFoundError } from '#server/errors.ts'
import { readForm, readJson, readSingleFile } from '#server/http/body.ts'
import { sendJson } from '#server/http/send-json.ts'
import { MAX_PHOTO_BYTES } from '#server/services/photos.ts'
import { type ContextDeps, createContext } from '#server/trpc/context.ts'
import { MAX_DOCUMENT_BYTES } from '#shared/content/verification.ts'
import { type RestAttachment, type RestRoute, restRoutes } from './routes.ts'

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

/**
 * The rows a path matches, worked out once for each path the table names literally (every row's
 * pattern takes one trailing slash or none): most calls are found here without trying a pattern.
 */
const rowsByLiteralPath = new Map(
  compiled
    .filter((route) => route.paramNames.length === 0)
    .map((route) => [route.path, compiled.filter((candidate) => candidate.pattern.test(route.path))]),
)

function rowsMatching(pathname: string): CompiledRoute[] {
  const literal = rowsByLiteralPath.get(pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname)
  return literal ?? compiled.filter((route) => route.pattern.test(pathname))
}

const matchedRoutes = new WeakMap<IncomingMessage, string>()

/** The pattern of the row a request matched (`/api/profiles/:userId`), for logs and metrics: never an id. */
export function restRouteOf(req: IncomingMessage): string | undefined {
  return matchedRoutes.get(req)
}

export type RestHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    throw new InvalidInputError('The address is not valid.')
  }
}

/**
 * Finds the row, checks the session before a file upload is read, reads the input and calls the
 * procedure. Errors are thrown to the edge, which maps every one the same way.
 */
export function createRestHandler(deps: ContextDeps): RestHandler {
  return async (req, res, url) => {
    const matches = rowsMatching(url.pathname)
    if (matches.length === 0) throw new NotFoundError()
    const route = matches.find((candidate) => candidate.method === req.method)
    if (!route) {
      res.setHeader('Allow', matches.map((candidate) => candidate.method).join(', '))
      throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: 'Method not allowed' })
    }
    matchedRoutes.set(req, route.path)
    const values = route.pattern.exec(url.pathname)!.slice(1)
    const params = Object.fromEntries(route.paramNames.map((name, i) => [name, decodeParam(values[i]!)]))
    const ctx = await createContext(deps, req, res)
    // Uploads are for members only: a visitor's file is refused before a byte of it is read.
    if (route.body !== 'json' && !ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' })
    const body =
      route.body === 'file'
        ? await readSingleFile(req, MAX_PHOTO_BYTES)
        : route.body === 'form'
          ? await readForm(req, MAX_DOCUMENT_BYTES)
          : req.method === 'GET'
            ? undefined
            : await readJson(req, deps.config.BODY_LIMIT_BYTES)
    const reply = await route.reply(ctx, { params, query: url.searchParams, body })
    if (reply.kind === 'attachment') sendAttachment(res, reply.file)
    else sendJson(res, 200, reply.value ?? null)
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
