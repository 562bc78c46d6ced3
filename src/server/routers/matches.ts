import type { TRPCRouterRecord } from '@trpc/server'
import { MatchInput } from '#shared/schemas/members.ts'
import { listMatches, unmatch } from '#server/services/matches.ts'
import { protectedProcedure } from '#server/trpc/init.ts'

export const matchesRouter = {
  list: protectedProcedure.query(({ ctx }) => listMatches(ctx.db, ctx.user.id)),

  remove: protectedProcedure.input(MatchInput).mutation(async ({ ctx, input }) => {
    await unmatch(ctx.db, ctx.user.id, input.id)
    return { success: true }
  }),
} satisfies TRPCRouterRecord
