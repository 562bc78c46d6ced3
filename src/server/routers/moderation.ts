import type { TRPCRouterRecord } from '@trpc/server'
import { actOnReport, auditLog, reportQueue } from '#server/services/moderation.ts'
import { photoQueue, reviewPhoto } from '#server/services/photo-review.ts'
import { moderatorProcedure } from '#server/trpc/moderator.ts'
import { ModerationDecision } from '#shared/schemas/moderation.ts'
import { ReviewPhotoInput } from '#shared/schemas/photo-review.ts'

/** The moderator console (/moderation): reports, photo review and the audit log; moderators only. */
export const moderationRouter = {
  reports: moderatorProcedure.query(({ ctx }) => reportQueue(ctx.db, ctx.user.id)),

  /** Dismiss, warn, suspend for N days or ban; each with a reason, each in the audit log. */
  decide: moderatorProcedure
    .input(ModerationDecision)
    .mutation(({ ctx, input }) => actOnReport(ctx.db, ctx.realtime.bus, ctx.user.id, input)),

  /** Photos waiting for review (PHOTO_REVIEW=1), oldest first. */
  photoQueue: moderatorProcedure.query(({ ctx }) => photoQueue(ctx.db)),

  /** Approve (other members see it) or reject (with a reason) a photo; each decision in the audit log. */
  reviewPhoto: moderatorProcedure.input(ReviewPhotoInput).mutation(({ ctx, input }) => reviewPhoto(ctx.db, ctx.user.id, input)),

  auditLog: moderatorProcedure.query(({ ctx }) => auditLog(ctx.db)),
} satisfies TRPCRouterRecord
