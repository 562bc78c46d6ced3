import type { TRPCRouterRecord } from '@trpc/server'
import { likeMember, likesReceived, passLike } from '#server/services/likes.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { LikeInput, PassInput } from '#shared/schemas/likes.ts'

export const likesRouter = {
  create: protectedProcedure
    .input(LikeInput)
    .mutation(({ ctx, input }) => likeMember(ctx.db, ctx.realtime.bus, ctx.user, input.receiverId)),

  /** Likes You: who liked the member and waits for an answer (the free plan sees only how many). */
  received: protectedProcedure.query(({ ctx }) => likesReceived(ctx.db, ctx.user)),

  /** Hides a member from Likes You without telling them. */
  pass: protectedProcedure.input(PassInput).mutation(({ ctx, input }) => passLike(ctx.db, ctx.user.id, input.userId)),
} satisfies TRPCRouterRecord
