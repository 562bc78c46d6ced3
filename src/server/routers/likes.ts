import type { TRPCRouterRecord } from '@trpc/server'
import { LikeInput } from '#shared/schemas/members.ts'
import { tooManyRequests } from '#server/errors.ts'
import { DailyLikeLimitError, likeMember } from '#server/services/likes.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import type { Context } from '#server/trpc/context.ts'

/** The free tier's daily like limit as a 429 with Retry-After. */
export async function withinDailyLikes<T>(ctx: Context, like: () => Promise<T>): Promise<T> {
  try {
    return await like()
  } catch (error) {
    if (error instanceof DailyLikeLimitError) throw tooManyRequests(error.message, error.retryAfterSeconds, ctx.responseHeaders)
    throw error
  }
}

export const likesRouter = {
  create: protectedProcedure
    .input(LikeInput)
    .mutation(({ ctx, input }) => withinDailyLikes(ctx, () => likeMember(ctx.db, ctx.user, input.receiverId))),
} satisfies TRPCRouterRecord
