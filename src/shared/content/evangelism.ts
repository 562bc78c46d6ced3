import type { EvangelismCategory } from '#shared/schemas/evangelism.ts'

/** The spec's fixed figures for the Evangelism Hub header. */
export const evangelismStats = [
  { value: '15,420', label: 'Lives Touched' },
  { value: '3,200', label: 'Active Witnesses' },
  { value: '890', label: 'Bible Studies Started' },
  { value: '47', label: 'Countries Reached' },
] as const

export const evangelismAudiences: readonly { category: EvangelismCategory; label: string; description: string }[] = [
  {
    category: 'seekers',
    label: 'Seekers',
    description: 'For friends who are curious about Jesus: honest answers and a gentle first look at the Gospel.',
  },
  {
    category: 'new_believers',
    label: 'New Believers',
    description: 'Foundations for the first months of faith: prayer, Scripture, baptism and a church family.',
  },
  {
    category: 'mature_christians',
    label: 'Mature Christians',
    description: 'Equipping for witness: sharing your story, leading studies and serving together.',
  },
]
