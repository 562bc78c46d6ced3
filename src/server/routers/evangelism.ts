import type { TRPCRouterRecord } from '@trpc/server'
import { listEvangelismContent } from '#server/services/evangelism.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { EvangelismContentInput } from '#shared/schemas/evangelism.ts'

export const evangelismRouter = {
  content: protectedProcedure.input(EvangelismContentInput).query(({ ctx, input }) => listEvangelismContent(ctx.db, input.category)),
} satisfies TRPCRouterRecord
