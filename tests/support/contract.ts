import type { LanguageModel } from 'ai'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { readCookie, SESSION_COOKIE, validateSession } from '#server/auth/sessions.ts'
import { createRealtime } from '#server/realtime/realtime.ts'
import { createCaller } from '#server/routers/_app.ts'
import { createInnerContext, type SessionUser } from '#server/trpc/context.ts'
import { testConfig } from './test-config.ts'

/**
 * A fresh in-memory database (or the file named by a `DATABASE_URL` override, for tests of
 * concurrent writers) and callers that act as a visitor or as a signed-in member.
 */
export async function contractHarness(overrides: Record<string, string> = {}) {
  const config = testConfig({ DATABASE_URL: ':memory:', ...overrides })
  let recording: { sql: string; params: unknown[] }[] | null = null
  const database = await openDatabase(config.DATABASE_URL, undefined, {
    onQuery: (sql, params) => recording?.push({ sql, params }),
  })
  await migrateDatabase(database.db)
  const db = database.db
  const realtime = createRealtime(db)

  function caller(
    options: { user?: SessionUser | null; sessionToken?: string | null; clientIp?: string; languageModel?: LanguageModel | null } = {},
  ) {
    const headers: [string, string][] = []
    const ctx = createInnerContext({
      db,
      config,
      realtime,
      languageModel: null,
      ...options,
      responseHeaders: { append: (name, value) => void headers.push([name, value]) },
    })
    return { api: createCaller(ctx), headers }
  }

  /** Registers through the procedure and returns a caller holding the new session. */
  async function member(input: { email?: string; firstName?: string; lastName?: string; password?: string } = {}) {
    const visitor = caller()
    const email = input.email ?? `member-${Math.random().toString(36).slice(2)}@example.com`
    const password = input.password ?? 'correct horse battery'
    const user = await visitor.api.auth.register({
      email,
      password,
      firstName: input.firstName ?? 'Ruth',
      lastName: input.lastName ?? 'Moab',
    })
    const token = sessionTokenFrom(visitor.headers)!
    const session = await validateSession(db, token, { idleDays: 14, absoluteDays: 60 })
    return { ...caller({ user: session!.user, sessionToken: token }), user, email, password, token }
  }

  /** The statements `work` sends to the database, in order. */
  async function statementsOf(work: () => Promise<unknown>) {
    recording = []
    try {
      await work()
      return recording
    } finally {
      recording = null
    }
  }

  return { db, client: database.client, config, realtime, caller, member, statementsOf, close: () => database.close() }
}

export function sessionTokenFrom(headers: [string, string][]): string | undefined {
  const cookie = headers.find(([name]) => name === 'Set-Cookie')?.[1]
  const token = readCookie(cookie?.split(';')[0], SESSION_COOKIE)
  return token || undefined
}

/** Awaits `call` and tells whether it settled within the current turn of the event loop, before any write gathered in it was committed. */
export async function settledWithinTurn<T>(call: () => Promise<T>): Promise<{ value: T; withinTurn: boolean }> {
  let turned = false
  setImmediate(() => {
    turned = true
  })
  const value = await call()
  return { value, withinTurn: !turned }
}
