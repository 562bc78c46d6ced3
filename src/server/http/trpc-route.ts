import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape, type TRPCError, transformTRPCResponse } from '@trpc/server'
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http'
import { getHTTPStatusCode, resolveResponse } from '@trpc/server/http'
import { appRouter } from '#server/routers/_app.ts'
import { type Context, type ContextDeps, createContext } from '#server/trpc/context.ts'
import { procedureNamesOf } from '#server/trpc/procedure-paths.ts'
import { referenceCacheControl, referenceCaching } from './reference-caching.ts'
import { sendJson } from './send-json.ts'

interface TrpcRouteOptions {
  deps: ContextDeps
  maxBatchSize: number
  /** Told of every failed call, with the incoming request it came in on. */
  onError: (error: TRPCError, req: IncomingMessage) => void
}

/** The router's setup (its transformer and error formatter), and which of its procedures are queries. */
const trpcConfig = appRouter._def._config
const queryNames = procedureNamesOf('query')

/**
 * tRPC over HTTP. Queries asked for with a GET and answered whole (every read our client makes)
 * are called here and written in tRPC's wire format with tRPC's own helpers. Everything else (a
 * mutation, a batch streamed as JSON lines, and any request the checks below turn away) goes to
 * tRPC's `resolveResponse`, which also writes every refusal. Its fetch `Request` and `Response`,
 * their headers, abort signals and web streams, cost as much as all the rest of a request for the
 * current member (docs/decisions/038).
 */
export function createTrpcRoute({ deps, maxBatchSize, onError }: TrpcRouteOptions) {
  async function answerQueries(req: IncomingMessage, res: ServerResponse, { calls, batch }: QueryCalls) {
    const context = createContext(deps, req, res)
    const replies = await Promise.all(
      calls.map(async ({ path, input }, batchIndex) => {
        let ctx: Context | undefined
        try {
          ctx = await context
          const getRawInput = async () => input
          return {
            result: {
              data: await callTRPCProcedure({ router: appRouter, path, getRawInput, ctx, type: 'query', signal: undefined, batchIndex }),
            },
          }
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause)
          onError(error, req)
          return { error: getTRPCErrorShape({ config: trpcConfig, error, type: 'query', path, input, ctx }) }
        }
      }),
    )
    const cacheControl = referenceCacheControl(
      calls.map((call) => call.path),
      replies.some((reply) => 'error' in reply),
    )
    sendJson(res, getHTTPStatusCode(replies), transformTRPCResponse(trpcConfig, batch ? replies : replies[0]!), {
      Vary: 'trpc-accept, accept',
      ...(cacheControl ? { 'Cache-Control': cacheControl } : {}),
    })
  }

  return async (req: IncomingMessage, res: ServerResponse, url: URL, path: string) => {
    const calls = answeredWhole(req) ? queryCalls(url, path, maxBatchSize) : null
    if (calls) return answerQueries(req, res, calls)
    const response = await resolveResponse({
      router: appRouter,
      req: incomingMessageToRequest(req, res, { maxBodySize: deps.config.BODY_LIMIT_BYTES }),
      path,
      error: null,
      maxBatchSize,
      responseMeta: referenceCaching,
      createContext: () => createContext(deps, req, res),
      onError: ({ error }) => onError(error, req),
    })
    res.statusCode = response.status
    // Node frames a streamed answer itself; the header tRPC sets for it would frame it twice.
    const streamed = response.headers.has('transfer-encoding')
    for (const [name, value] of response.headers) if (name !== 'set-cookie' && name !== 'transfer-encoding') res.setHeader(name, value)
    // Procedures append their cookies to the response directly; any tRPC set is added beside them.
    for (const cookie of response.headers.getSetCookie()) res.appendHeader('Set-Cookie', cookie)
    if (!response.body) return void res.end()
    if (!streamed) {
      const body = Buffer.from(await response.arrayBuffer())
      res.setHeader('Content-Length', body.byteLength)
      return void res.end(body)
    }
    // A client that leaves mid-stream ends its own answer, nothing more.
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res).catch((error: unknown) => {
      if (!res.destroyed) throw error
    })
  }
}

/** A GET whose answer is written whole, not streamed as JSON lines. */
function answeredWhole(req: IncomingMessage): boolean {
  const jsonLines = req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')
  return req.method === 'GET' && !jsonLines
}

interface QueryCalls {
  batch: boolean
  calls: { path: string; input: unknown }[]
}

/**
 * The calls of a GET when each names a query and its input reads as tRPC reads it; null when
 * anything is off, so that tRPC itself answers with its own refusal.
 */
function queryCalls(url: URL, pathname: string, maxBatchSize: number): QueryCalls | null {
  const query = url.searchParams
  if (query.has('connectionParams')) return null
  const batch = query.get('batch') === '1'
  let paths: string[]
  let given: unknown
  try {
    paths = batch ? decodeURIComponent(pathname).split(',') : [decodeURIComponent(pathname)]
    const raw = query.get('input')
    given = raw ? JSON.parse(raw) : undefined
  } catch {
    return null
  }
  if (
    batch &&
    (paths.length > maxBatchSize || (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given))))
  )
    return null
  if (!paths.every((path) => queryNames.has(path))) return null
  const deserialize = trpcConfig.transformer.input.deserialize
  try {
    const inputs = batch ? (given as Record<string, unknown> | undefined) : { 0: given }
    return {
      batch,
      calls: paths.map((path, index) => {
        const input = inputs?.[index]
        return { path, input: input === undefined ? undefined : deserialize(input) }
      }),
    }
  } catch {
    return null
  }
}
