import { z } from 'zod'
import { singleLineText } from './text.ts'

export const PHOTO_REVIEW_REASON_MAX = 500
const photoReviewDecisions = ['approve', 'reject'] as const

/** A moderator's decision on a photo waiting for review; a rejection says why (the audit log keeps it). */
export const ReviewPhotoInput = z
  .object({
    photoId: z.string().min(1).max(64),
    decision: z.enum(photoReviewDecisions, 'Please approve or reject'),
    reason: singleLineText(PHOTO_REVIEW_REASON_MAX, `Please keep the reason under ${PHOTO_REVIEW_REASON_MAX} characters`).default(''),
  })
  .refine((value) => value.decision === 'approve' || value.reason.length >= 5, {
    path: ['reason'],
    message: 'Please say why the photo is rejected (at least 5 characters)',
  })
export type ReviewPhotoInput = z.input<typeof ReviewPhotoInput>
