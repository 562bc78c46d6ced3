import type { TRPCRouterRecord } from '@trpc/server'
import { analyzeCompatibility } from '#server/services/compatibility-analysis.ts'
import { counsel } from '#server/services/counseling.ts'
import { protectedProcedure, rateLimit } from '#server/trpc/init.ts'
import { CompatibilityAnalysisInput, CounselingInput } from '#shared/schemas/ai.ts'

const HOUR_MS = 3_600_000
const AI_LIMIT_REACHED = 'You have asked a lot of questions this hour. Please take a moment, and try again a little later.'

/** Each call to the model costs: a member may make AI_REQUESTS_PER_HOUR of them an hour. */
const withinAiLimit = protectedProcedure.use(
  rateLimit({
    name: 'ai',
    per: 'member',
    limit: (config) => ({ max: config.AI_REQUESTS_PER_HOUR, windowMs: HOUR_MS }),
    message: AI_LIMIT_REACHED,
    appliesTo: (ctx) => ctx.languageModel !== null,
  }),
)

export const aiRouter = {
  compatibilityAnalysis: withinAiLimit
    .input(CompatibilityAnalysisInput)
    .mutation(({ ctx, input }) => analyzeCompatibility(ctx.db, ctx.languageModel, ctx.user.id, input.partnerId, ctx.config.AI_TIMEOUT_MS)),

  counseling: withinAiLimit
    .input(CounselingInput)
    .mutation(({ ctx, input }) => counsel(ctx.db, ctx.languageModel, ctx.user, input.question, ctx.config.AI_TIMEOUT_MS)),
} satisfies TRPCRouterRecord
