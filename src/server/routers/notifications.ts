import type { TRPCRouterRecord } from '@trpc/server'
import { listNotifications, markAllNotificationsRead } from '#server/services/notifications.ts'
import { protectedProcedure } from '#server/trpc/init.ts'

export const notificationsRouter = {
  list: protectedProcedure.query(({ ctx }) => listNotifications(ctx.db, ctx.user.id)),

  markAllRead: protectedProcedure.mutation(async ({ ctx }) => {
    await markAllNotificationsRead(ctx.db, ctx.user.id)
    return { success: true }
  }),
} satisfies TRPCRouterRecord
