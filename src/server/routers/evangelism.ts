import type { TRPCRouterRecord } from '@trpc/server'
import { getEvangelismResource, listEvangelismContent } from '#server/services/evangelism.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { EvangelismContentInput, EvangelismResourceInput } from '#shared/schemas/evangelism.ts'

export const evangelismRouter = {
  content: protectedProcedure.input(EvangelismContentInput).query(({ ctx, input }) => listEvangelismContent(ctx.db, input.category)),
  resource: protectedProcedure.input(EvangelismResourceInput).query(({ ctx, input }) => getEvangelismResource(ctx.db, input.id)),
} satisfies TRPCRouterRecord
