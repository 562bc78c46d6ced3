import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'

/**
 * Behind a trusted proxy the client is the last X-Forwarded-For hop (the one our proxy appended);
 * entries a client writes itself come earlier and are ignored.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
    const last = forwarded.at(-1)
    if (last) return last
  }
  return req.socket.remoteAddress ?? 'unknown'
}

export function isSecureRequest(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true
  return (
    trustProxy &&
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim() === 'https'
  )
}

/** The origin this request was addressed to, as the browser sees it. */
export function requestOrigin(req: IncomingMessage, trustProxy: boolean): string {
  const forwardedHost = trustProxy
    ? String(req.headers['x-forwarded-host'] ?? '')
        .split(',')[0]
        ?.trim()
    : ''
  const host = forwardedHost || req.headers.host || 'localhost'
  return `${isSecureRequest(req, trustProxy) ? 'https' : 'http'}://${host}`
}

/** The request's path, or null when its target is not a path at all (`//`, `http://…`, garbage). */
export function requestPath(req: IncomingMessage): string | null {
  const target = req.url ?? '/'
  if (!target.startsWith('/') || target.startsWith('//')) return null
  const end = target.search(/[?#]/)
  return end === -1 ? target : target.slice(0, end)
}
