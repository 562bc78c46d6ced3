export interface FeatureComparisonColumn {
  title: string
  items: readonly string[]
}

// The pricing page's 'Advanced Features Comparison' panel, one entry per column.
export const featureComparison = [
  {
    title: 'Core Features',
    items: ['Unlimited matches', 'Unlimited messaging', 'Advanced filters', 'Read receipts', 'Verified profiles'],
  },
  {
    title: 'Spiritual Tools',
    items: ['Daily verse', 'Prayer network', 'Sabbath Corner', 'Evangelism Hub', 'Scripture love stories'],
  },
  {
    title: 'Premium Experience',
    items: ['Quantum faith matching', 'AI marriage counseling', 'AI relationship interview', 'Achievements and leaderboard'],
  },
  {
    title: 'Elite Benefits',
    items: ['Encrypted verification', 'Holographic profile', 'AI relationship coaching', 'Priority placement', 'Priority support'],
  },
] as const satisfies readonly FeatureComparisonColumn[]
