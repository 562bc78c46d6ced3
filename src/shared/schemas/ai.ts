import { z } from 'zod'
import { memberId } from './members.ts'
import { multiLineText } from './text.ts'

export const COUNSELING_QUESTION_MAX_LENGTH = 2000

export const CounselingInput = z.object({
  question: multiLineText(
    COUNSELING_QUESTION_MAX_LENGTH,
    `Please keep your question under ${COUNSELING_QUESTION_MAX_LENGTH} characters`,
  ).refine((value) => value.length > 0, 'Please write your question'),
})
export type CounselingInput = z.input<typeof CounselingInput>

/** The spec's call has no body: the most recent match. */
export const CompatibilityAnalysisInput = z.object({ partnerId: memberId.optional() }).default({})
export type CompatibilityAnalysisInput = z.input<typeof CompatibilityAnalysisInput>
