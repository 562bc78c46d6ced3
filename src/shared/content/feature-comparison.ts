export interface FeatureComparisonColumn {
  title: string
  items: readonly string[]
}

// The pricing page's 'Advanced Features Comparison' panel, one entry per column.
export const featureComparison = [
  {
    title: 'Core Features',
    items: ['Unlimited likes and messages', 'See who likes you', 'Advanced filters', 'Read receipts', 'Verified profiles'],
  },
  {
    title: 'Spiritual Tools',
    items: ['Daily verse', 'Prayer requests in messages', 'Sabbath Corner', 'Evangelism Hub', 'Scripture love stories'],
  },
  {
    title: 'Premium Experience',
    items: ['Quantum faith matching', 'AI marriage counseling', 'AI relationship interview', 'Achievements and leaderboard'],
  },
  {
    title: 'Elite Benefits',
    items: [
      'Weekly spotlight in Discover',
      'Incognito browsing',
      'More AI counseling questions',
      'Income-verified circle',
      'Circle-only events',
    ],
  },
] as const satisfies readonly FeatureComparisonColumn[]
