import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http'
import { type HTTPErrorHandler, resolveResponse } from '@trpc/server/http'
import { type AppRouter, appRouter } from '#server/routers/_app.ts'
import { type ContextDeps, createContext } from '#server/trpc/context.ts'
import { referenceCaching } from './reference-caching.ts'

interface TrpcRouteOptions {
  deps: ContextDeps
  maxBatchSize: number
  /** Told of every failed call, with the incoming request it came in on. */
  onError: (failure: Parameters<HTTPErrorHandler<AppRouter, Request>>[0], req: IncomingMessage) => void
}

/**
 * tRPC over HTTP: tRPC's own `resolveResponse` answers the call, and its answer is written back
 * whole, with its length, in one write. The adapter tRPC ships pipes every answer through a web
 * stream written in chunks, which cost more than the procedure itself on a session lookup; a
 * streamed answer (a batch asked for as JSON lines) is piped as it comes.
 */
export function createTrpcRoute({ deps, maxBatchSize, onError }: TrpcRouteOptions) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL, path: string) => {
    const request = answeredWhole(req)
      ? new Request(url, { headers: headersOf(req) })
      : incomingMessageToRequest(req, res, { maxBodySize: deps.config.BODY_LIMIT_BYTES })
    const response = await resolveResponse({
      router: appRouter,
      req: request,
      path,
      error: null,
      maxBatchSize,
      responseMeta: referenceCaching,
      createContext: () => createContext(deps, req, res),
      onError: (failure) => onError(failure, req),
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

/**
 * A GET whose answer is written whole, not streamed as JSON lines. Its fetch Request needs no abort
 * signal: there is no body to stop reading, and no query listens for one. tRPC's conversion wires
 * one to every request (a controller, listeners on the request and response, and the Request's
 * registration to follow it), which cost a tenth of a session lookup over tRPC.
 */
function answeredWhole(req: IncomingMessage): boolean {
  const jsonLines = req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')
  return req.method === 'GET' && !jsonLines
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (let at = 0; at < req.rawHeaders.length; at += 2) headers.append(req.rawHeaders[at]!, req.rawHeaders[at + 1]!)
  return headers
}
