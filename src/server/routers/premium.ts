import type { TRPCRouterRecord } from '@trpc/server'
import { allowanceToday } from '#server/services/allowance.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { entitlementsByPlan } from '#shared/logic/entitlements.ts'

export const premiumRouter = {
  /** What the member's plan unlocks (`quantum_matching` from Premium up). */
  features: protectedProcedure.query(({ ctx }) => [...entitlementsByPlan[ctx.user.plan].features]),

  /** What the plan still allows today: "2 messages left today" before the member runs out. */
  allowance: protectedProcedure.query(({ ctx }) => allowanceToday(ctx.db, ctx.user)),
} satisfies TRPCRouterRecord
