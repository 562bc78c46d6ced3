import type { TRPCRouterRecord } from '@trpc/server'
import { clearedSessionCookie } from '#server/auth/sessions.ts'
import { deleteAccount, setAccountStatus } from '#server/services/account.ts'
import { exportAccount } from '#server/services/account-export.ts'
import { protectedProcedure } from '#server/trpc/init.ts'

export const accountRouter = {
  pause: protectedProcedure.mutation(({ ctx }) => setAccountStatus(ctx.db, ctx.user.id, 'paused')),

  resume: protectedProcedure.mutation(({ ctx }) => setAccountStatus(ctx.db, ctx.user.id, 'active')),

  /** Deletes the member and all their data, ends every session (and its sockets) and clears the cookie. */
  remove: protectedProcedure.mutation(async ({ ctx }) => {
    await deleteAccount(ctx.db, ctx.realtime.bus, ctx.config.UPLOADS_DIR, ctx.user.id)
    ctx.responseHeaders.append('Set-Cookie', clearedSessionCookie(ctx.secure))
    return { success: true }
  }),

  export: protectedProcedure.query(({ ctx }) => exportAccount(ctx.db, ctx.user.id)),
} satisfies TRPCRouterRecord
