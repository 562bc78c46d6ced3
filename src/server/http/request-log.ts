import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { logger } from '#server/log.ts'
import { httpRequestDuration } from '#server/metrics.ts'

/** A proxy's id is kept when it is short and plain; anything else could forge or flood log lines. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/

/** The caller's `X-Request-Id` when it is sane, else a fresh one: the id that ties a request's log lines together. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID()
}

/**
 * When the response is done (or the client gave up), one log line and one latency sample. The route
 * is asked for only then, once routing has found it. The query string is never logged (it carries
 * one-time tokens), nor is a path whose route takes a token in it: the route pattern stands in.
 */
export function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  fields: { requestId: string; path: string | null },
  routeOf: () => string,
) {
  const started = performance.now()
  res.once('close', () => {
    const seconds = (performance.now() - started) / 1000
    const route = routeOf()
    const method = req.method ?? 'GET'
    httpRequestDuration.observe({ route, method, status: String(res.statusCode) }, seconds)
    if (!logger.isLevelEnabled('info')) return
    logger.info(
      {
        requestId: fields.requestId,
        method,
        path: route.includes(':token') ? route : fields.path,
        route,
        status: res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      'request',
    )
  })
}
