import type { IncomingMessage, ServerResponse } from 'node:http'
import type { LanguageModel } from 'ai'
import type { Database } from '#db/client.ts'
import { readCookie, SESSION_COOKIE, validateSession } from '#server/auth/sessions.ts'
import type { Config } from '#server/env.ts'
import { clientIp, isSecureRequest } from '#server/http/request-info.ts'
import type { Realtime } from '#server/realtime/realtime.ts'

export type SessionUser = NonNullable<Awaited<ReturnType<typeof validateSession>>>['user']

/** Where a procedure leaves headers (cookies, Retry-After); a no-op on sockets, a collector in tests. */
interface ResponseHeaders {
  append(name: string, value: string): void
}

export interface ContextDeps {
  db: Database
  config: Config
  /** The bus and presence that every socket and procedure of this process shares. */
  realtime: Realtime
  /** The AI provider's model when one is configured (tests put a mock model here). */
  languageModel: LanguageModel | null
}

/** What one socket's calls share: tRPC builds a socket's context once, at its upgrade. */
export interface ConnectionState {
  openSubscriptions: number
}

export interface InnerContextOptions extends ContextDeps {
  user?: SessionUser | null
  sessionToken?: string | null
  clientIp?: string
  userAgent?: string | null
  secure?: boolean
  responseHeaders?: ResponseHeaders
  connection?: ConnectionState | null
}

/** The seam tests use: everything a procedure needs, without HTTP. */
export function createInnerContext(options: InnerContextOptions) {
  return {
    db: options.db,
    config: options.config,
    realtime: options.realtime,
    languageModel: options.languageModel,
    user: options.user ?? null,
    sessionToken: options.sessionToken ?? null,
    clientIp: options.clientIp ?? 'local',
    userAgent: options.userAgent ?? null,
    secure: options.secure ?? false,
    responseHeaders: options.responseHeaders ?? { append() {} },
    connection: options.connection ?? null,
  }
}

export type Context = ReturnType<typeof createInnerContext>

export async function createContext(
  deps: ContextDeps,
  req: IncomingMessage,
  res?: ServerResponse,
  connection?: ConnectionState,
): Promise<Context> {
  const sessionToken = readCookie(req.headers.cookie, SESSION_COOKIE) ?? null
  const session = sessionToken
    ? await validateSession(deps.db, sessionToken, {
        idleDays: deps.config.SESSION_IDLE_DAYS,
        absoluteDays: deps.config.SESSION_ABSOLUTE_DAYS,
      })
    : null
  return createInnerContext({
    db: deps.db,
    config: deps.config,
    realtime: deps.realtime,
    languageModel: deps.languageModel,
    user: session?.user ?? null,
    sessionToken,
    clientIp: clientIp(req, deps.config.TRUST_PROXY),
    userAgent: req.headers['user-agent'] ?? null,
    secure: isSecureRequest(req, deps.config.TRUST_PROXY),
    // A batch streamed as JSON lines has sent its headers before its later calls finish: their
    // errors go in the stream, and a header (Retry-After) can no longer be added.
    responseHeaders: res ? { append: (name, value) => void (res.headersSent || res.appendHeader(name, value)) } : undefined,
    connection,
  })
}
