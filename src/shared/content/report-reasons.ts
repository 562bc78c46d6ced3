export const reportReasons = [
  { value: 'fake_profile', label: 'Fake profile or impersonation' },
  { value: 'inappropriate_content', label: 'Inappropriate photos or words' },
  { value: 'harassment', label: 'Harassment or unwanted contact' },
  { value: 'scam', label: 'Asking for money or a scam' },
  { value: 'underage', label: 'Appears to be under 18' },
  { value: 'married', label: 'Appears to be married' },
  { value: 'other', label: 'Something else' },
] as const satisfies readonly { value: string; label: string }[]
export type ReportReason = (typeof reportReasons)[number]['value']
export const reportReasonValues = reportReasons.map((reason) => reason.value) as [ReportReason, ...ReportReason[]]

export const REPORT_DETAILS_MAX_LENGTH = 1000
