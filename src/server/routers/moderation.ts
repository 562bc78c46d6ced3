import type { TRPCRouterRecord } from '@trpc/server'
import { photoQueue, reviewPhoto } from '#server/services/photo-review.ts'
import { moderatorProcedure } from '#server/trpc/moderator.ts'
import { ReviewPhotoInput } from '#shared/schemas/photo-review.ts'

/** The moderator console (/moderation): reports, photo review and the audit log; moderators only. */
export const moderationRouter = {
  /** Photos waiting for review (PHOTO_REVIEW=1), oldest first. */
  photoQueue: moderatorProcedure.query(({ ctx }) => photoQueue(ctx.db)),

  /** Approve (other members see it) or reject (with a reason) a photo; each decision in the audit log. */
  reviewPhoto: moderatorProcedure.input(ReviewPhotoInput).mutation(({ ctx, input }) => reviewPhoto(ctx.db, ctx.user.id, input)),
} satisfies TRPCRouterRecord
