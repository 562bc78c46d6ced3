import type { TRPCRouterRecord } from '@trpc/server'
import { clearedSessionCookie, endSessionsOf, sessionIdFor } from '#server/auth/sessions.ts'
import { sessionPolicy } from '#server/auth/sign-in.ts'
import {
  accountStatusOf,
  changePassword,
  deleteAccount,
  incognitoOf,
  requestEmailChange,
  setAccountStatus,
  setIncognito,
  signedInDevices,
} from '#server/services/account.ts'
import { exportAccount } from '#server/services/account-export.ts'
import { notificationPreferencesOf, setNotificationPreferences, unsubscribe } from '#server/services/notification-preferences.ts'
import type { Context } from '#server/trpc/context.ts'
import { protectedProcedure, rateLimit, visitorProcedure } from '#server/trpc/init.ts'
import {
  ChangeEmailInput,
  ChangePasswordInput,
  IncognitoInput,
  NotificationPreferencesInput,
  UnsubscribeInput,
} from '#shared/schemas/account.ts'

const TOO_MANY_PASSWORD_CHECKS = 'Too many password attempts. Please wait a few minutes and try again.'

/** Both forms check the current password: a stolen session must not become a password-guessing oracle. */
const passwordCheckLimit = rateLimit({
  name: 'account:password-check',
  per: 'member',
  limit: (config) => ({ max: config.LOGIN_FAILURES_PER_ACCOUNT, windowMs: config.LOGIN_WINDOW_MINUTES * 60_000 }),
  message: TOO_MANY_PASSWORD_CHECKS,
})

function appSecret(ctx: Context) {
  if (!ctx.config.APP_SECRET) throw new Error('APP_SECRET is not set')
  return ctx.config.APP_SECRET
}

function currentSessionId(ctx: Context) {
  return ctx.sessionToken ? sessionIdFor(ctx.sessionToken) : null
}

export const accountRouter = {
  /** `paused` while the member is hidden from others, else `active`. */
  status: protectedProcedure.query(({ ctx }) => accountStatusOf(ctx.db, ctx.user.id)),

  pause: protectedProcedure.mutation(({ ctx }) => setAccountStatus(ctx.db, ctx.user.id, 'paused')),

  resume: protectedProcedure.mutation(({ ctx }) => setAccountStatus(ctx.db, ctx.user.id, 'active')),

  /** Deletes the member and all their data, ends every session (and its sockets) and clears the cookie. */
  remove: protectedProcedure.mutation(async ({ ctx }) => {
    await deleteAccount(ctx.db, ctx.realtime.bus, ctx.config.UPLOADS_DIR, ctx.user.id)
    ctx.responseHeaders.append('Set-Cookie', clearedSessionCookie(ctx.secure))
    return { success: true }
  }),

  export: protectedProcedure.query(({ ctx }) => exportAccount(ctx.db, ctx.user.id)),

  /** Other sessions end; this one stays signed in. */
  changePassword: protectedProcedure
    .use(passwordCheckLimit)
    .input(ChangePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx.db, ctx.realtime.bus, ctx.user.id, currentSessionId(ctx), input)),

  /** Nothing changes until the new address confirms; the old one is told. */
  changeEmail: protectedProcedure
    .use(passwordCheckLimit)
    .input(ChangeEmailInput)
    .mutation(({ ctx, input }) => requestEmailChange(ctx.db, ctx.user.id, input)),

  sessions: protectedProcedure.query(({ ctx }) => signedInDevices(ctx.db, ctx.user.id, sessionPolicy(ctx.config), currentSessionId(ctx))),

  signOutOthers: protectedProcedure.mutation(async ({ ctx }) => ({
    ended: await endSessionsOf(ctx.db, ctx.realtime.bus, ctx.user.id, currentSessionId(ctx)),
  })),

  incognito: protectedProcedure.query(({ ctx }) => incognitoOf(ctx.db, ctx.user)),

  setIncognito: protectedProcedure.input(IncognitoInput).mutation(({ ctx, input }) => setIncognito(ctx.db, ctx.user, input.incognito)),

  /** Which emails the member gets while away. */
  notificationPreferences: protectedProcedure.query(({ ctx }) => notificationPreferencesOf(ctx.db, ctx.user.id)),

  setNotificationPreferences: protectedProcedure
    .input(NotificationPreferencesInput)
    .mutation(({ ctx, input }) => setNotificationPreferences(ctx.db, ctx.user.id, input)),

  /** The emailed link: open to visitors, since the signed token alone names the member and the email. */
  unsubscribe: visitorProcedure.input(UnsubscribeInput).mutation(({ ctx, input }) => unsubscribe(ctx.db, appSecret(ctx), input.token)),
} satisfies TRPCRouterRecord
