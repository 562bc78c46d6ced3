import { z } from 'zod'

const INCOMPLETE_LINK = 'This link is incomplete. Please open it again from your email.'

/** The token from a vouch email's link: 256 random bits, base64url. */
export const VouchTokenInput = z.object({ token: z.string(INCOMPLETE_LINK).trim().min(1, INCOMPLETE_LINK).max(128, INCOMPLETE_LINK) })
export type VouchTokenInput = z.input<typeof VouchTokenInput>

const vouchDecisions = ['confirm', 'decline', 'revoke'] as const
export type VouchDecision = (typeof vouchDecisions)[number]

/** The pastor's answer through the link: confirm or decline once; a confirmation may be revoked later. */
export const VouchDecisionInput = VouchTokenInput.extend({
  decision: z.enum(vouchDecisions, 'Please choose confirm, decline or revoke'),
}).strict()
export type VouchDecisionInput = z.input<typeof VouchDecisionInput>

/** A member asks for their own faith verification only: nothing names another member. */
export const RequestVouchInput = z.object({}).strict().optional()
