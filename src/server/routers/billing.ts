import type { TRPCRouterRecord } from '@trpc/server'
import {
  checkoutView,
  confirmDemoCheckout,
  planCatalog,
  portalUrl,
  setCancelAtPeriodEnd,
  startCheckout,
  subscriptionView,
} from '#server/services/billing.ts'
import { protectedProcedure, visitorProcedure } from '#server/trpc/init.ts'
import { CheckoutInput, SubscribeInput } from '#shared/schemas/billing.ts'

/** Plans, the member's subscription and checkout. The income bypass fee starts at verification.requestIncomeBypass. */
export const billingRouter = {
  plans: visitorProcedure.query(() => planCatalog()),

  subscription: protectedProcedure.query(({ ctx }) => subscriptionView(ctx.db, ctx.config, ctx.user.id)),

  subscribe: protectedProcedure.input(SubscribeInput).mutation(({ ctx, input }) => startCheckout(ctx.db, ctx.config, ctx.user.id, input)),

  cancel: protectedProcedure.mutation(({ ctx }) => setCancelAtPeriodEnd(ctx.db, ctx.config, ctx.user.id, true)),

  resume: protectedProcedure.mutation(({ ctx }) => setCancelAtPeriodEnd(ctx.db, ctx.config, ctx.user.id, false)),

  portal: protectedProcedure.mutation(({ ctx }) => portalUrl(ctx.db, ctx.config, ctx.user.id)),

  checkout: protectedProcedure.input(CheckoutInput).query(({ ctx, input }) => checkoutView(ctx.db, ctx.config, ctx.user.id, input.id)),

  confirmDemoCheckout: protectedProcedure
    .input(CheckoutInput)
    .mutation(({ ctx, input }) => confirmDemoCheckout(ctx, ctx.user.id, input.id)),
} satisfies TRPCRouterRecord
