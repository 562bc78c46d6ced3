import { z } from 'zod'
import { REPORT_DETAILS_MAX_LENGTH, reportReasonValues } from '#shared/content/report-reasons.ts'
import { memberId } from './members.ts'
import { multiLineText } from './text.ts'

export const ReportInput = z.object({
  userId: memberId,
  reason: z.enum(reportReasonValues, 'Please choose a reason for your report'),
  details: multiLineText(REPORT_DETAILS_MAX_LENGTH, `Please keep the details under ${REPORT_DETAILS_MAX_LENGTH} characters`).nullish(),
  /** The conversation the report is made from (the thread, or a safety note under a message): moderators read it. */
  conversationId: z.string().min(1).max(64).optional(),
})
export type ReportInput = z.input<typeof ReportInput>
