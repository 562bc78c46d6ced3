import type { TRPCRouterRecord } from '@trpc/server'
import { likeMember } from '#server/services/likes.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { LikeInput } from '#shared/schemas/likes.ts'

export const likesRouter = {
  create: protectedProcedure.input(LikeInput).mutation(({ ctx, input }) => likeMember(ctx.db, ctx.user, input.receiverId)),
} satisfies TRPCRouterRecord
