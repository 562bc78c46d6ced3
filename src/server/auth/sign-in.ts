import type { Context } from '#server/trpc/context.ts'
import { clearedSessionCookie, createSession, deleteSessionByToken, sessionCookie } from './sessions.ts'

function policy(ctx: Context) {
  return { idleDays: ctx.config.SESSION_IDLE_DAYS, absoluteDays: ctx.config.SESSION_ABSOLUTE_DAYS }
}

/** A fresh token at every sign-in: a session planted before login (fixation) is dropped, never reused. */
export async function beginSession(ctx: Context, userId: string) {
  if (ctx.sessionToken) await deleteSessionByToken(ctx.db, ctx.sessionToken)
  const { token, expiresAt } = await createSession(ctx.db, userId, policy(ctx))
  ctx.responseHeaders.append('Set-Cookie', sessionCookie(token, expiresAt, ctx.secure))
}

export async function endSession(ctx: Context) {
  if (ctx.sessionToken) await deleteSessionByToken(ctx.db, ctx.sessionToken)
  ctx.responseHeaders.append('Set-Cookie', clearedSessionCookie(ctx.secure))
}
