import type { TRPCRouterRecord } from '@trpc/server'
import { MemberInput } from '#shared/schemas/members.ts'
import { ReportInput } from '#shared/schemas/safety.ts'
import { tooManyRequests } from '#server/errors.ts'
import { hitLimit } from '#server/services/rate-limit.ts'
import { blockMember, listBlocks, reportMember, unblockMember } from '#server/services/safety.ts'
import { protectedProcedure } from '#server/trpc/init.ts'

const TOO_MANY_REPORTS = 'You have sent many reports today. Our moderators are reviewing them; please try again tomorrow.'
const DAY_MS = 86_400_000

export const safetyRouter = {
  block: protectedProcedure.input(MemberInput).mutation(async ({ ctx, input }) => {
    await blockMember(ctx.db, ctx.user.id, input.userId)
    return { success: true }
  }),

  unblock: protectedProcedure.input(MemberInput).mutation(async ({ ctx, input }) => {
    await unblockMember(ctx.db, ctx.user.id, input.userId)
    return { success: true }
  }),

  blocks: protectedProcedure.query(({ ctx }) => listBlocks(ctx.db, ctx.user.id)),

  report: protectedProcedure.input(ReportInput).mutation(async ({ ctx, input }) => {
    const limited = await hitLimit(ctx.db, `report:${ctx.user.id}`, { max: ctx.config.REPORTS_PER_DAY, windowMs: DAY_MS })
    if (!limited.allowed) throw tooManyRequests(TOO_MANY_REPORTS, limited.retryAfterSeconds, ctx.responseHeaders)
    const { id } = await reportMember(ctx.db, ctx.user.id, input.userId, { reason: input.reason, details: input.details ?? '' })
    return { success: true, reportId: id }
  }),
} satisfies TRPCRouterRecord
