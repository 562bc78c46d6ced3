import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { DomainError, NotFoundError } from '#server/errors.ts'
import { metricsText, registry } from '#server/metrics.ts'
import type { ContextDeps } from '#server/trpc/context.ts'

export const METRICS_PATH = '/metrics'

/** Equal-length digests, so the comparison takes the same time whatever the caller sent. */
const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Prometheus's scrape endpoint. Without `METRICS_TOKEN` it does not exist (404); with it, only a
 * scraper presenting `Authorization: Bearer <token>` reads it, since the figures describe the
 * deployment to anyone who can see them.
 */
export function createMetricsRoute(deps: Pick<ContextDeps, 'db' | 'config'>) {
  const expected = deps.config.METRICS_TOKEN === undefined ? undefined : digest(deps.config.METRICS_TOKEN)
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (!expected) throw new NotFoundError()
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      throw new DomainError('METHOD_NOT_SUPPORTED', 'Method not allowed')
    }
    const presented = /^Bearer (.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1]?.trim()
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"')
      throw new DomainError('UNAUTHORIZED', 'The metrics token is missing or wrong.')
    }
    const body = await metricsText(deps.db)
    res.writeHead(200, { 'Content-Type': registry.contentType, 'Content-Length': Buffer.byteLength(body) })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}
