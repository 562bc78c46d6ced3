export const bypassFeeIds = ['serious', 'very-serious', 'extremely-serious'] as const
export type BypassFeeId = (typeof bypassFeeIds)[number]

export interface BypassFee {
  id: BypassFeeId
  label: string
  amountUsd: number
}

export const bypassFees = [
  { id: 'serious', label: 'Serious Commitment', amountUsd: 2500 },
  { id: 'very-serious', label: 'Very Serious', amountUsd: 7500 },
  { id: 'extremely-serious', label: 'Extremely Serious', amountUsd: 15000 },
] as const satisfies readonly BypassFee[]

export const bypassFeeNotice = 'Bypass fees are non-refundable; faith and identity verification are still required with a bypass.'
