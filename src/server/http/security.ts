import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Config } from '#server/env.ts'
import { requestOrigin } from './request-info.ts'

// Inline styles stay allowed for Radix's positioning; scripts only from our own files.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

function securityHeaders(isPrivate: boolean): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(self), geolocation=()'],
  ]
  if (isPrivate) headers.push(['Cache-Control', 'no-store'])
  return headers
}

export function setSecurityHeaders(res: ServerResponse, isPrivate: boolean) {
  for (const [name, value] of securityHeaders(isPrivate)) res.setHeader(name, value)
}

/** The same headers as raw lines, for answers written straight to a socket (a refused upgrade). */
export function securityHeaderLines(isPrivate: boolean): string[] {
  return securityHeaders(isPrivate).map(([name, value]) => `${name}: ${value}`)
}

/**
 * A browser request from another site must not act with the member's cookie. The Origin must be
 * this request's own origin or one of PUBLIC_ORIGINS; clients that send no Origin (scripts) pass.
 */
export function isCrossSite(req: IncomingMessage, config: Config): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true
  const origin = req.headers.origin
  if (!origin) return false
  if (origin === requestOrigin(req, config.TRUST_PROXY)) return false
  return !config.PUBLIC_ORIGINS.includes(origin)
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
