import { request as httpRequest } from 'node:http'
import { SESSION_COOKIE } from '#server/auth/sessions.ts'

export interface Reply {
  status: number
  headers: Headers
  /** Parsed JSON when the body is JSON, else the text. */
  body: any
  text: string
}

export interface CallOptions {
  /** A JSON value (sent as application/json), a FormData, or raw bytes/text sent as they are. */
  body?: unknown
  cookie?: string
  headers?: Record<string, string>
}

/** One HTTP call as a script or browser makes it; cookies are carried by hand. */
export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.cookie) headers.cookie = options.cookie
  let body: BodyInit | undefined
  if (options.body instanceof FormData || typeof options.body === 'string' || options.body instanceof Uint8Array) {
    body = options.body as BodyInit
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  const response = await fetch(new URL(path, base), { method, headers, body, redirect: 'manual' })
  const text = await response.text()
  let parsed: unknown = text
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text)
  return { status: response.status, headers: response.headers, body: parsed, text }
}

/** `covenant_session=<token>` from a response, or undefined when it set none (or cleared it). */
export function sessionCookie(reply: Reply): string | undefined {
  const line = setCookieLine(reply)
  const pair = line?.split(';')[0]?.trim()
  return pair && pair !== `${SESSION_COOKIE}=` ? pair : undefined
}

export function setCookieLine(reply: Reply): string | undefined {
  return reply.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))
}

let sequence = 0
export function uniqueEmail(tag = 'member'): string {
  return `${tag}-${++sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export const PASSWORD = 'correct horse battery'

/** Registers over REST and returns the member with their session cookie. */
export async function registerMember(base: string, fields: { email?: string; firstName?: string; headers?: Record<string, string> } = {}) {
  const email = fields.email ?? uniqueEmail()
  const reply = await call(base, 'POST', '/api/register', {
    body: { email, password: PASSWORD, firstName: fields.firstName ?? 'Ruth', lastName: 'Moab' },
    headers: fields.headers,
  })
  if (reply.status !== 200) throw new Error(`registration failed: ${reply.status} ${reply.text}`)
  return { email, user: reply.body as { id: string; email: string; firstName: string }, cookie: sessionCookie(reply)! }
}

/**
 * A request with the path sent byte for byte: fetch and URL would resolve `..` and `%2e%2e` first,
 * which is exactly what an attacker's raw client does not do.
 */
export function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A registered member with the profile Discover needs (30, Nashville, Baptist): their user id and session cookie. */
export async function registerCompleteMember(base: string, gender: 'man' | 'woman', firstName: string) {
  const { user, email, cookie } = await registerMember(base, { firstName })
  const birth = new Date()
  birth.setFullYear(birth.getFullYear() - 30)
  birth.setDate(birth.getDate() - 10)
  const profile = {
    gender,
    birthDate: birth.toISOString().slice(0, 10),
    city: 'Nashville',
    state: 'TN',
    country: 'US',
    denomination: 'baptist',
  }
  const reply = await call(base, 'PATCH', '/api/profile', { cookie, body: profile })
  if (reply.status !== 200) throw new Error(`profile update failed: ${reply.status} ${reply.text}`)
  return { id: user.id, email, cookie }
}
