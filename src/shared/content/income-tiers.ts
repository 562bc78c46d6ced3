export const incomeTierIds = ['tier1', 'tier2', 'tier3', 'tier4', 'tier5'] as const
export type IncomeTierId = (typeof incomeTierIds)[number]

export interface IncomeTier {
  id: IncomeTierId
  label: string
  minUsd: number
  // null: no upper bound.
  maxUsd: number | null
}

export const incomeTiers = [
  { id: 'tier1', label: '$100K-$500K', minUsd: 100_000, maxUsd: 500_000 },
  { id: 'tier2', label: '$500K-$1M', minUsd: 500_000, maxUsd: 1_000_000 },
  { id: 'tier3', label: '$1M-$5M', minUsd: 1_000_000, maxUsd: 5_000_000 },
  { id: 'tier4', label: '$5M-$10M', minUsd: 5_000_000, maxUsd: 10_000_000 },
  { id: 'tier5', label: '$10M+', minUsd: 10_000_000, maxUsd: null },
] as const satisfies readonly IncomeTier[]
