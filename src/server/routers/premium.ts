import type { TRPCRouterRecord } from '@trpc/server'
import { protectedProcedure } from '#server/trpc/init.ts'
import { premiumFeaturesByPlan } from '#shared/content/plans.ts'

export const premiumRouter = {
  /** What the member's plan unlocks (`quantum_matching` from Premium up). */
  features: protectedProcedure.query(({ ctx }) => [...premiumFeaturesByPlan[ctx.user.plan]]),
} satisfies TRPCRouterRecord
