/** The Verification Center's fixed lists and labels (spec sections 2, 4, 5 and 9). */
export const verificationTypes = ['faith', 'income', 'education'] as const
export type VerificationType = (typeof verificationTypes)[number]

export const verificationTypeLabels: Record<VerificationType, string> = {
  faith: 'Faith',
  income: 'Income',
  education: 'Education',
}

const verificationStatuses = ['not_started', 'pending', 'verified', 'rejected', 'bypass_paid'] as const
export type VerificationStatus = (typeof verificationStatuses)[number]

export const verificationStatusLabels: Record<VerificationStatus, string> = {
  not_started: 'Not Started',
  pending: 'Pending Review',
  verified: 'Verified',
  rejected: 'Rejected',
  bypass_paid: 'Bypass Active',
}

/** Years of membership: the stored value and how the form shows it. */
export const membershipYearOptions = [
  { value: 1, label: 'Less than 1 year' },
  { value: 2, label: '1-2 years' },
  { value: 5, label: '3-5 years' },
  { value: 10, label: '5+ years' },
] as const
export type MembershipYears = (typeof membershipYearOptions)[number]['value']
export const membershipYearValues = membershipYearOptions.map((option) => option.value) as MembershipYears[]

export function membershipYearsLabel(value: number): string {
  return membershipYearOptions.find((option) => option.value === value)?.label ?? ''
}

export const degreeTypes = ['bachelors', 'masters', 'doctorate', 'professional'] as const
export type DegreeType = (typeof degreeTypes)[number]

export const degreeTypeLabels: Record<DegreeType, string> = {
  bachelors: "Bachelor's Degree",
  masters: "Master's Degree",
  doctorate: 'Doctorate',
  professional: 'Professional Degree',
}

export const GRADUATION_YEAR_MIN = 1960
export const GRADUATION_YEAR_MAX = 2024

export const faithLetterRequirements = [
  'Official church letterhead',
  'Confirms active membership',
  'States good standing',
  'Includes pastor contact information',
  'Signed and dated within the last 30 days',
] as const

/** Letters, transcripts and income documents: PDFs or photos of the paper, up to 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
export const documentContentTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const
export type DocumentContentType = (typeof documentContentTypes)[number]
export const DOCUMENT_ACCEPT = documentContentTypes.join(',')
