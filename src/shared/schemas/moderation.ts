import { z } from 'zod'
import { multiLineText } from './text.ts'

export const MODERATION_REASON_MAX = 1000
export const MAX_SUSPENSION_DAYS = 365
export const moderationDecisions = [
  { value: 'dismiss', label: 'Dismiss' },
  { value: 'warn', label: 'Warn' },
  { value: 'suspend', label: 'Suspend' },
  { value: 'ban', label: 'Ban' },
] as const

const recordId = z.string().min(1).max(64)
const reason = multiLineText(MODERATION_REASON_MAX, `Please keep the reason under ${MODERATION_REASON_MAX} characters`).refine(
  (text) => text.trim().length >= 5,
  'Please give a reason (at least 5 characters)',
)
const SUSPENSION_DAYS = `Please choose between 1 and ${MAX_SUSPENSION_DAYS} days`

/** A moderator's decision on a report, from the console, its procedure and `POST /api/moderation/reports/:reportId/decision`. */
export const ModerationDecision = z.discriminatedUnion(
  'action',
  [
    z.object({ reportId: recordId, action: z.literal('dismiss'), reason }),
    z.object({ reportId: recordId, action: z.literal('warn'), reason }),
    z.object({
      reportId: recordId,
      action: z.literal('suspend'),
      reason,
      days: z.coerce.number(SUSPENSION_DAYS).int(SUSPENSION_DAYS).min(1, SUSPENSION_DAYS).max(MAX_SUSPENSION_DAYS, SUSPENSION_DAYS),
    }),
    z.object({ reportId: recordId, action: z.literal('ban'), reason }),
  ],
  'Please choose an action',
)
export type ModerationDecision = z.output<typeof ModerationDecision>
export type ModerationDecisionInput = z.input<typeof ModerationDecision>
