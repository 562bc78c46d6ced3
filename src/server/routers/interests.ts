import type { TRPCRouterRecord } from '@trpc/server'
import { sendInterest } from '#server/services/likes.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { SendInterestInput } from '#shared/schemas/interests.ts'

export const interestsRouter = {
  /** Counts as a like (and against the free tier's daily likes). */
  create: protectedProcedure.input(SendInterestInput).mutation(({ ctx, input }) => {
    const { receiverId, ...interest } = input
    return sendInterest(ctx.db, ctx.realtime.bus, ctx.user, receiverId, interest)
  }),
} satisfies TRPCRouterRecord
