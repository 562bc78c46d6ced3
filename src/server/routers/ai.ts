import type { TRPCRouterRecord } from '@trpc/server'
import { CompatibilityAnalysisInput, CounselingInput } from '#shared/schemas/ai.ts'
import { tooManyRequests } from '#server/errors.ts'
import { analyzeCompatibility } from '#server/services/compatibility-analysis.ts'
import { counsel } from '#server/services/counseling.ts'
import { hitLimit } from '#server/services/rate-limit.ts'
import { protectedProcedure } from '#server/trpc/init.ts'

const HOUR_MS = 3_600_000
export const AI_LIMIT_REACHED = 'You have asked a lot of questions this hour. Please take a moment, and try again a little later.'

/** Each call to the model costs: a member may make AI_REQUESTS_PER_HOUR of them an hour. */
const withinAiLimit = protectedProcedure.use(async ({ ctx, next }) => {
  if (ctx.languageModel) {
    const limit = await hitLimit(ctx.db, `ai:${ctx.user.id}`, { max: ctx.config.AI_REQUESTS_PER_HOUR, windowMs: HOUR_MS })
    if (!limit.allowed) throw tooManyRequests(AI_LIMIT_REACHED, limit.retryAfterSeconds, ctx.responseHeaders)
  }
  return next()
})

export const aiRouter = {
  compatibilityAnalysis: withinAiLimit
    .input(CompatibilityAnalysisInput)
    .mutation(({ ctx, input }) => analyzeCompatibility(ctx.db, ctx.languageModel, ctx.user.id, input.partnerId, ctx.config.AI_TIMEOUT_MS)),

  counseling: withinAiLimit
    .input(CounselingInput)
    .mutation(({ ctx, input }) => counsel(ctx.db, ctx.languageModel, ctx.user.id, input.question, ctx.config.AI_TIMEOUT_MS)),
} satisfies TRPCRouterRecord
