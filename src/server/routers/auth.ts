import { TRPCError, type TRPCRouterRecord } from '@trpc/server'
import { LoginInput, RegisterInput } from '#shared/schemas/auth.ts'
import { beginSession, endSession } from '#server/auth/sign-in.ts'
import { tooManyRequests } from '#server/errors.ts'
import { checkCredentials, createAccount, currentUser, EmailTakenError } from '#server/services/accounts.ts'
import { hitLimit, resetLimit } from '#server/services/rate-limit.ts'
import { protectedProcedure, publicProcedure } from '#server/trpc/init.ts'
import type { Context } from '#server/trpc/context.ts'

const INVALID_CREDENTIALS = 'Invalid email or password'
const TOO_MANY_LOGINS = 'Too many sign-in attempts. Please wait a few minutes and try again.'
const TOO_MANY_REGISTRATIONS = 'Too many new accounts from this network. Please try again later.'
const HOUR_MS = 3_600_000

function loginLimits(ctx: Context, email: string) {
  const windowMs = ctx.config.LOGIN_WINDOW_MINUTES * 60_000
  return {
    account: { key: `login:account:${email}`, limit: { max: ctx.config.LOGIN_FAILURES_PER_ACCOUNT, windowMs } },
    ip: { key: `login:ip:${ctx.clientIp}`, limit: { max: ctx.config.LOGIN_ATTEMPTS_PER_IP, windowMs } },
  }
}

async function requireUser(ctx: Context, userId: string) {
  const user = await currentUser(ctx.db, userId)
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' })
  return user
}

export const authRouter = {
  /** The client's view: null for visitors, so a signed-out page load is not an error. */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? currentUser(ctx.db, ctx.user.id) : null)),

  user: protectedProcedure.query(({ ctx }) => requireUser(ctx, ctx.user.id)),

  register: publicProcedure.input(RegisterInput).mutation(async ({ ctx, input }) => {
    const limited = await hitLimit(ctx.db, `register:ip:${ctx.clientIp}`, {
      max: ctx.config.REGISTRATIONS_PER_IP_PER_HOUR,
      windowMs: HOUR_MS,
    })
    if (!limited.allowed) throw tooManyRequests(TOO_MANY_REGISTRATIONS, limited.retryAfterSeconds, ctx.responseHeaders)
    try {
      const userId = await createAccount(ctx.db, input)
      await beginSession(ctx, userId)
      return requireUser(ctx, userId)
    } catch (error) {
      if (error instanceof EmailTakenError) throw new TRPCError({ code: 'CONFLICT', message: error.message })
      throw error
    }
  }),

  login: publicProcedure.input(LoginInput).mutation(async ({ ctx, input }) => {
    const limits = loginLimits(ctx, input.email)
    const byIp = await hitLimit(ctx.db, limits.ip.key, limits.ip.limit)
    if (!byIp.allowed) throw tooManyRequests(TOO_MANY_LOGINS, byIp.retryAfterSeconds, ctx.responseHeaders)
    // Counted before the password is checked, so a burst of parallel guesses cannot slip past the limit;
    // a successful sign-in clears the count again.
    const byAccount = await hitLimit(ctx.db, limits.account.key, limits.account.limit)
    if (!byAccount.allowed) throw tooManyRequests(TOO_MANY_LOGINS, byAccount.retryAfterSeconds, ctx.responseHeaders)

    const userId = await checkCredentials(ctx.db, input.email, input.password)
    if (!userId) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS })
    await resetLimit(ctx.db, limits.account.key)
    await beginSession(ctx, userId)
    return requireUser(ctx, userId)
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await endSession(ctx)
    return { success: true }
  }),
} satisfies TRPCRouterRecord
