import type { TRPCRouterRecord } from '@trpc/server'
import { blockMember, listBlocks, reportMember, unblockMember } from '#server/services/safety.ts'
import { protectedProcedure, rateLimit } from '#server/trpc/init.ts'
import { MemberInput } from '#shared/schemas/members.ts'
import { ReportInput } from '#shared/schemas/safety.ts'

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

  report: protectedProcedure
    .use(
      rateLimit({
        name: 'report',
        per: 'member',
        limit: (config) => ({ max: config.REPORTS_PER_DAY, windowMs: DAY_MS }),
        message: TOO_MANY_REPORTS,
      }),
    )
    .input(ReportInput)
    .mutation(async ({ ctx, input }) => {
      const { id } = await reportMember(ctx.db, ctx.user.id, input.userId, {
        reason: input.reason,
        details: input.details ?? '',
        conversationId: input.conversationId,
      })
      return { success: true, reportId: id }
    }),
} satisfies TRPCRouterRecord
