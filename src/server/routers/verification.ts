import type { TRPCRouterRecord } from '@trpc/server'
import { startBypassCheckout } from '#server/services/billing.ts'
import { reviewQueue, reviewVerification, submitVerification, verificationOverview } from '#server/services/verification.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { moderatorProcedure } from '#server/trpc/moderator.ts'
import {
  EducationVerificationInput,
  FaithVerificationInput,
  IncomeBypassInput,
  IncomeVerificationInput,
  ReviewVerificationInput,
} from '#shared/schemas/verification.ts'

/** Documents arrive as bytes through the multipart REST rows (POST /api/verification/...). */
export const verificationRouter = {
  status: protectedProcedure.query(({ ctx }) => verificationOverview(ctx.db, ctx.user.id)),

  submitFaith: protectedProcedure.input(FaithVerificationInput).mutation(({ ctx, input }) => {
    const { document, ...details } = input
    return submitVerification(ctx.db, ctx.config.UPLOADS_DIR, ctx.user.id, { type: 'faith', details, document })
  }),

  submitIncome: protectedProcedure.input(IncomeVerificationInput).mutation(({ ctx, input }) =>
    submitVerification(ctx.db, ctx.config.UPLOADS_DIR, ctx.user.id, {
      type: 'income',
      details: { tier: input.tier, method: 'documents' },
      document: input.document,
    }),
  ),

  /** The commitment fee, paid through checkout (`{checkoutUrl}`); paying it makes the income record Bypass Active. */
  requestIncomeBypass: protectedProcedure
    .input(IncomeBypassInput)
    .mutation(({ ctx, input }) => startBypassCheckout(ctx.db, ctx.config, ctx.user.id, input)),

  submitEducation: protectedProcedure.input(EducationVerificationInput).mutation(({ ctx, input }) => {
    const { document, ...details } = input
    return submitVerification(ctx.db, ctx.config.UPLOADS_DIR, ctx.user.id, { type: 'education', details, document })
  }),

  reviewQueue: moderatorProcedure.query(({ ctx }) => reviewQueue(ctx.db)),

  review: moderatorProcedure
    .input(ReviewVerificationInput)
    .mutation(({ ctx, input }) => reviewVerification(ctx.db, ctx.realtime.bus, ctx.user.id, input)),
} satisfies TRPCRouterRecord
