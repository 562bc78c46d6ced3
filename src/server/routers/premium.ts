import type { TRPCRouterRecord } from '@trpc/server'
import { protectedProcedure } from '#server/trpc/init.ts'
import { entitlementsByPlan } from '#shared/logic/entitlements.ts'

export const premiumRouter = {
  /** What the member's plan unlocks (`quantum_matching` from Premium up). */
  features: protectedProcedure.query(({ ctx }) => [...entitlementsByPlan[ctx.user.plan].features]),
} satisfies TRPCRouterRecord
