import type { TRPCRouterRecord } from '@trpc/server'
import { startBypassCheckout } from '#server/services/billing.ts'
import { reviewQueue, reviewVerification, submitVerification, verificationOverview } from '#server/services/verification.ts'
import { decideVouch, requestVouch, vouchForPastor } from '#server/services/vouches.ts'
import { protectedProcedure, publicProcedure, rateLimit } from '#server/trpc/init.ts'
import { moderatorProcedure } from '#server/trpc/moderator.ts'
import {
  EducationVerificationInput,
  FaithVerificationInput,
  IncomeBypassInput,
  IncomeVerificationInput,
  ReviewVerificationInput,
} from '#shared/schemas/verification.ts'
import { RequestVouchInput, VouchDecisionInput, VouchTokenInput } from '#shared/schemas/vouch.ts'

/** Vouch tokens are 256 bits and cannot be guessed; the limit keeps a script from trying anyway. */
const vouchLinkLimit = rateLimit({
  name: 'vouch-link:ip',
  per: 'address',
  limit: () => ({ max: 60, windowMs: 3_600_000 }),
  message: 'Too many attempts with vouch links. Please wait a few minutes and try again.',
})

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

  /** Emails the pastor or elder named in the member's own faith verification a link to vouch for them. */
  requestVouch: protectedProcedure.input(RequestVouchInput).mutation(({ ctx }) => requestVouch(ctx.db, ctx.user.id)),

  /** What the pastor sees behind the emailed link; no account needed. */
  vouch: publicProcedure
    .use(vouchLinkLimit)
    .input(VouchTokenInput)
    .query(({ ctx, input }) => vouchForPastor(ctx.db, input.token)),

  /** The pastor's confirm or decline (once), or a later revoke of a confirmation. */
  decideVouch: publicProcedure
    .use(vouchLinkLimit)
    .input(VouchDecisionInput)
    .mutation(({ ctx, input }) => decideVouch(ctx.db, ctx.realtime.bus, input.token, input.decision)),
} satisfies TRPCRouterRecord
