import type { Database } from '#db/client.ts'
import type { Config } from '#server/env.ts'
import type { Bus } from '#server/realtime/bus.ts'
import type { Context } from '#server/trpc/context.ts'
import { clearedSessionCookie, createSession, deleteSessionByToken, deleteSessionsOf, sessionCookie } from './sessions.ts'

export function sessionPolicy(config: Config) {
  return { idleDays: config.SESSION_IDLE_DAYS, absoluteDays: config.SESSION_ABSOLUTE_DAYS }
}

/**
 * Signs the member out of every session but `keepSessionId` (all of them when null), and every app
 * process closes the sockets those sessions opened. Answers how many ended.
 */
export async function endSessionsOf(db: Database, bus: Bus, userId: string, keepSessionId: string | null = null) {
  const ended = await deleteSessionsOf(db, userId, keepSessionId)
  if (ended.length > 0) bus.publish({ type: 'sessions-ended', recipients: [userId], sessionIds: ended })
  return ended.length
}

/**
 * The session behind the request's cookie is deleted, and every app process closes the sockets it
 * opened (a socket's identity is fixed at its upgrade and would otherwise outlive the sign-out).
 */
async function dropCurrentSession(ctx: Context) {
  if (!ctx.sessionToken) return
  const ended = await deleteSessionByToken(ctx.db, ctx.sessionToken)
  if (ended) ctx.realtime.bus.publish({ type: 'sessions-ended', recipients: [ended.userId], sessionIds: [ended.id] })
}

/** A fresh token at every sign-in: a session planted before login (fixation) is dropped, never reused. */
export async function beginSession(ctx: Context, userId: string) {
  await dropCurrentSession(ctx)
  const { token, expiresAt } = await createSession(ctx.db, userId, sessionPolicy(ctx.config), ctx.userAgent)
  ctx.responseHeaders.append('Set-Cookie', sessionCookie(token, expiresAt, ctx.secure))
}

export async function endSession(ctx: Context) {
  await dropCurrentSession(ctx)
  ctx.responseHeaders.append('Set-Cookie', clearedSessionCookie(ctx.secure))
}
