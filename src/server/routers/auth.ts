import { TRPCError, type TRPCRouterRecord } from '@trpc/server'
import { beginSession, endSession } from '#server/auth/sign-in.ts'
import { LimitReachedError } from '#server/errors.ts'
import {
  checkCredentials,
  createAccount,
  currentUser,
  RESET_REQUESTED,
  requestPasswordReset,
  resetPassword,
  sendVerificationEmail,
  verifyEmail,
} from '#server/services/auth.ts'
import { hitLimit, resetLimit } from '#server/services/rate-limit.ts'
import type { Context } from '#server/trpc/context.ts'
import { countCall, protectedProcedure, publicProcedure, type RateLimitRule, rateLimit, visitorProcedure } from '#server/trpc/init.ts'
import { ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput, VerifyEmailInput } from '#shared/schemas/auth.ts'

const INVALID_CREDENTIALS = 'Invalid email or password'
const TOO_MANY_LOGINS = 'Too many sign-in attempts. Please wait a few minutes and try again.'
const TOO_MANY_REGISTRATIONS = 'Too many new accounts from this network. Please try again later.'
const TOO_MANY_EMAILS = 'We have sent several emails already. Please check your inbox, or wait a while and try again.'
const TOO_MANY_LINK_TRIES = 'Too many attempts with emailed links. Please wait a few minutes and try again.'
const HOUR_MS = 3_600_000
/** Emails one member or one address can ask for in an hour: enough for a lost email or two, too few to bother anyone. */
const EMAILS_PER_HOUR = 5
const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 30
/** Link tokens are 256 bits and cannot be guessed; the limit keeps a script from trying anyway. */
const LINK_TRIES_PER_ADDRESS_PER_HOUR = 60

/** Counted in the sign-in itself rather than as a step before it, so it shares the account count's commit. */
const loginsByAddress: RateLimitRule = {
  name: 'login:ip',
  per: 'address',
  limit: (config) => ({ max: config.LOGIN_ATTEMPTS_PER_IP, windowMs: config.LOGIN_WINDOW_MINUTES * 60_000 }),
  message: TOO_MANY_LOGINS,
}

const linkLimit = rateLimit({
  name: 'email-link:ip',
  per: 'address',
  limit: () => ({ max: LINK_TRIES_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS }),
  message: TOO_MANY_LINK_TRIES,
})

async function requireUser(ctx: Context, userId: string) {
  const user = await currentUser(ctx.db, userId)
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' })
  return user
}

export const authRouter = {
  /** The client's view: null for visitors, so a signed-out page load is not an error. */
  me: visitorProcedure.query(({ ctx }) => (ctx.user ? currentUser(ctx.db, ctx.user.id) : null)),

  user: protectedProcedure.query(({ ctx }) => requireUser(ctx, ctx.user.id)),

  register: publicProcedure
    .use(
      rateLimit({
        name: 'register:ip',
        per: 'address',
        limit: (config) => ({ max: config.REGISTRATIONS_PER_IP_PER_HOUR, windowMs: HOUR_MS }),
        message: TOO_MANY_REGISTRATIONS,
      }),
    )
    .input(RegisterInput)
    .mutation(async ({ ctx, input }) => {
      const userId = await createAccount(ctx.db, input)
      await sendVerificationEmail(ctx.db, userId)
      await beginSession(ctx, userId)
      return requireUser(ctx, userId)
    }),

  /** The link from a verification or change-of-address email; it works signed in or not. */
  verifyEmail: publicProcedure
    .use(linkLimit)
    .input(VerifyEmailInput)
    .mutation(({ ctx, input }) => verifyEmail(ctx.db, input.token)),

  resendVerification: protectedProcedure
    .use(
      rateLimit({
        name: 'verify-email:resend',
        per: 'member',
        limit: () => ({ max: EMAILS_PER_HOUR, windowMs: HOUR_MS }),
        message: TOO_MANY_EMAILS,
      }),
    )
    .mutation(({ ctx }) => sendVerificationEmail(ctx.db, ctx.user.id)),

  /** The same answer whether or not the address has an account, so it tells nobody who is a member. */
  forgotPassword: publicProcedure
    .use(
      rateLimit({
        name: 'forgot-password:ip',
        per: 'address',
        limit: () => ({ max: RESET_REQUESTS_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS }),
        message: TOO_MANY_EMAILS,
      }),
    )
    .input(ForgotPasswordInput)
    .mutation(async ({ ctx, input }) => {
      const byEmail = await hitLimit(ctx.db, `forgot-password:email:${input.email}`, { max: EMAILS_PER_HOUR, windowMs: HOUR_MS })
      if (!byEmail.allowed) throw new LimitReachedError(TOO_MANY_EMAILS, byEmail.retryAfterSeconds)
      await requestPasswordReset(ctx.db, input.email)
      return { message: RESET_REQUESTED }
    }),

  /** Sets the new password from the emailed link and signs the member in, everywhere else out. */
  resetPassword: publicProcedure
    .use(linkLimit)
    .input(ResetPasswordInput)
    .mutation(async ({ ctx, input }) => {
      const userId = await resetPassword(ctx.db, ctx.realtime.bus, input.token, input.password)
      await beginSession(ctx, userId)
      return requireUser(ctx, userId)
    }),

  login: publicProcedure.input(LoginInput).mutation(async ({ ctx, input }) => {
    // Both counts are taken before the password is checked, so a burst of parallel guesses cannot slip
    // past either; issued in one turn, they share one commit. A successful sign-in clears the
    // account's count again, in the same commit as the new session.
    const failuresKey = `login:account:${input.email}`
    const windowMs = ctx.config.LOGIN_WINDOW_MINUTES * 60_000
    const counted = await Promise.all([
      countCall(ctx, loginsByAddress),
      hitLimit(ctx.db, failuresKey, { max: ctx.config.LOGIN_FAILURES_PER_ACCOUNT, windowMs }),
    ])
    const refused = counted.flatMap((result) => (result.allowed ? [] : [result.retryAfterSeconds]))
    if (refused.length > 0) throw new LimitReachedError(TOO_MANY_LOGINS, Math.max(...refused))

    const userId = await checkCredentials(ctx.db, input.email, input.password)
    if (!userId) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS })
    await Promise.all([resetLimit(ctx.db, failuresKey), beginSession(ctx, userId)])
    return requireUser(ctx, userId)
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await endSession(ctx)
    return { success: true }
  }),
} satisfies TRPCRouterRecord
