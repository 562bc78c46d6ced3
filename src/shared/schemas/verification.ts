import { z } from 'zod'
import { bypassFeeIds } from '#shared/content/bypass-fees.ts'
import { incomeTierIds } from '#shared/content/income-tiers.ts'
import {
  degreeTypes,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  type MembershipYears,
  membershipYearValues,
} from '#shared/content/verification.ts'
import { singleLineText } from './text.ts'

const required = (max: number, message: string) => singleLineText(max).refine((value) => value.length > 0, message)
const recordId = z.string().min(1).max(64)

/** Multipart fields arrive as text; the form sends numbers. Both are read as a whole number. */
const wholeNumber = (message: string) => z.coerce.number<string | number>(message).int(message)

/** Bytes arrive through the multipart REST route; the type is checked by content on the server. */
const documentBytes = (message: string) => z.custom<Uint8Array>((value) => value instanceof Uint8Array && value.byteLength > 0, message)

export const FaithVerificationFields = z.object({
  churchName: required(120, 'Please enter your church name'),
  pastorName: required(100, "Please enter your pastor's or elder's name"),
  pastorEmail: z.email("Please enter your pastor's email address").max(254),
  membershipYears: wholeNumber('Please choose how long you have been a member').refine(
    (value): value is MembershipYears => (membershipYearValues as number[]).includes(value),
    'Please choose how long you have been a member',
  ),
})
export const FaithVerificationInput = FaithVerificationFields.extend({
  document: documentBytes('Please upload your church letter'),
}).strict()
export type FaithVerificationFields = z.input<typeof FaithVerificationFields>

export const EducationVerificationFields = z.object({
  institution: required(150, 'Please enter the name of your school'),
  degreeType: z.enum(degreeTypes, 'Please choose your degree'),
  graduationYear: wholeNumber('Please enter your graduation year')
    .min(GRADUATION_YEAR_MIN, `Graduation year must be between ${GRADUATION_YEAR_MIN} and ${GRADUATION_YEAR_MAX}`)
    .max(GRADUATION_YEAR_MAX, `Graduation year must be between ${GRADUATION_YEAR_MIN} and ${GRADUATION_YEAR_MAX}`),
})
export const EducationVerificationInput = EducationVerificationFields.extend({
  document: documentBytes('Please upload your transcript or diploma'),
}).strict()
export type EducationVerificationFields = z.input<typeof EducationVerificationFields>

/** Income by documents: a tier and the proof. */
export const IncomeVerificationFields = z.object({ tier: z.enum(incomeTierIds, 'Please choose your income tier') })
export const IncomeVerificationInput = IncomeVerificationFields.extend({
  document: documentBytes('Please upload a tax return or bank statement'),
}).strict()
export type IncomeVerificationFields = z.input<typeof IncomeVerificationFields>

/** Income by bypass: a tier and a commitment fee level, accepted as non-refundable. */
export const IncomeBypassInput = z
  .object({
    tier: z.enum(incomeTierIds, 'Please choose your income tier'),
    bypassLevel: z.enum(bypassFeeIds, 'Please choose a commitment level'),
    acceptNonRefundable: z.literal(true, 'Please confirm that you understand the fee is non-refundable'),
  })
  .strict()
export type IncomeBypassInput = z.input<typeof IncomeBypassInput>

const reviewDecisions = ['approve', 'reject'] as const
export const REVIEW_REASON_MAX = 500

export const ReviewVerificationInput = z
  .object({
    verificationId: recordId,
    decision: z.enum(reviewDecisions, 'Please approve or reject'),
    reason: singleLineText(REVIEW_REASON_MAX, `Please keep the reason under ${REVIEW_REASON_MAX} characters`).default(''),
  })
  .refine((value) => value.decision === 'approve' || value.reason.length >= 5, {
    path: ['reason'],
    message: 'Please tell the member why (at least 5 characters)',
  })
export type ReviewVerificationInput = z.input<typeof ReviewVerificationInput>
