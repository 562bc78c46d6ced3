import type { TRPCRouterRecord } from '@trpc/server'
import { likeMember, likesReceived } from '#server/services/likes.ts'
import { passMember, undoLastPass } from '#server/services/passes.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { LikeInput, PassInput } from '#shared/schemas/likes.ts'

export const likesRouter = {
  /** A like, or with a note a like that arrives as an interest (answering a prompt or a photo). */
  create: protectedProcedure.input(LikeInput).mutation(({ ctx, input }) => {
    const { receiverId, ...note } = input
    return likeMember(ctx.db, ctx.realtime.bus, ctx.user, receiverId, note)
  }),

  /** Likes You: who liked the member and waits for an answer (the free plan sees only how many). */
  received: protectedProcedure.query(({ ctx }) => likesReceived(ctx.db, ctx.user)),

  /** Hides a member from Discover and Likes You without telling them. */
  pass: protectedProcedure.input(PassInput).mutation(({ ctx, input }) => passMember(ctx.db, ctx.user.id, input.userId)),

  /** Takes back the newest pass: `{userId}` of the member restored, or `{userId: null}`. */
  undoPass: protectedProcedure.mutation(({ ctx }) => undoLastPass(ctx.db, ctx.user.id)),
} satisfies TRPCRouterRecord
