import type { Config } from '#server/env.ts'
import { requireGoodStanding } from '#server/services/moderation.ts'
import type { Context } from '#server/trpc/context.ts'
import { clearedSessionCookie, createSession, deleteSessionByToken, sessionCookie } from './sessions.ts'

export function sessionPolicy(config: Config) {
  return { idleDays: config.SESSION_IDLE_DAYS, absoluteDays: config.SESSION_ABSOLUTE_DAYS }
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

/**
 * A fresh token at every sign-in: a session planted before login (fixation) is dropped, never reused.
 * A suspended or banned member is refused here, whichever way they sign in.
 */
export async function beginSession(ctx: Context, userId: string) {
  await requireGoodStanding(ctx.db, userId)
  await dropCurrentSession(ctx)
  const { token, expiresAt } = await createSession(ctx.db, userId, sessionPolicy(ctx.config), ctx.userAgent)
  ctx.responseHeaders.append('Set-Cookie', sessionCookie(token, expiresAt, ctx.secure))
}

export async function endSession(ctx: Context) {
  await dropCurrentSession(ctx)
  ctx.responseHeaders.append('Set-Cookie', clearedSessionCookie(ctx.secure))
}
