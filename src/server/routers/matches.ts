import type { TRPCRouterRecord } from '@trpc/server'
import { listMatches, unmatch } from '#server/services/matches.ts'
import { quantumMatches } from '#server/services/quantum.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { MatchInput, QuantumMatchesInput } from '#shared/schemas/matches.ts'

export const matchesRouter = {
  list: protectedProcedure.query(({ ctx }) => listMatches(ctx.db, ctx.user.id)),

  /** Ranked by the compatibility engine: the free plan's top 5 a day, everyone for quantum matching plans. */
  quantum: protectedProcedure.input(QuantumMatchesInput).query(({ ctx, input }) => quantumMatches(ctx.db, ctx.user, input.limit)),

  remove: protectedProcedure.input(MatchInput).mutation(async ({ ctx, input }) => {
    await unmatch(ctx.db, ctx.user.id, input.id)
    return { success: true }
  }),
} satisfies TRPCRouterRecord
