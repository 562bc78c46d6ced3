import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Config } from '#server/env.ts'
import { requestOrigin } from './request-info.ts'

// Inline styles stay allowed for Radix's positioning; scripts only from our own files.
const PAGE_CONTENT_SECURITY_POLICY = [
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

const PAGE_HEADERS: [string, string][] = [
  ['Content-Security-Policy', PAGE_CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(self), geolocation=()'],
]

/**
 * A JSON answer is never a page: opened as one, it may load, run, embed and be embedded by nothing,
 * and no browser or proxy keeps it. The headers that only steer a page's own behaviour (its
 * features, its opener, its framing by older browsers) are left off: 300 bytes less on every answer.
 */
const ANSWER_HEADERS: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cache-Control', 'no-store'],
]

/** A member's photos: shown as pages too, so with a page's headers, and never kept. */
const UPLOAD_HEADERS: [string, string][] = [...PAGE_HEADERS, ['Cache-Control', 'no-store']]

const HEADERS_BY_KIND = { page: PAGE_HEADERS, answer: ANSWER_HEADERS, upload: UPLOAD_HEADERS }

/** What a response is: the client's pages and files, an answer of the API, or a member's upload. */
export type ResponseKind = keyof typeof HEADERS_BY_KIND

export function setSecurityHeaders(res: ServerResponse, kind: ResponseKind) {
  for (const [name, value] of HEADERS_BY_KIND[kind]) res.setHeader(name, value)
}

/** An answer's headers as raw lines, for answers written straight to a socket (a refused upgrade). */
export function answerHeaderLines(): string[] {
  return ANSWER_HEADERS.map(([name, value]) => `${name}: ${value}`)
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
