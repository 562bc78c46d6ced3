import type { TRPCRouterRecord } from '@trpc/server'
import { EvangelismContentInput } from '#shared/schemas/evangelism.ts'
import { listEvangelismContent } from '#server/services/evangelism.ts'
import { protectedProcedure } from '#server/trpc/init.ts'

export const evangelismRouter = {
  content: protectedProcedure
    .input(EvangelismContentInput)
    .query(({ ctx, input }) => listEvangelismContent(ctx.db, input.category)),
} satisfies TRPCRouterRecord
