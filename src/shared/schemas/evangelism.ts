import { z } from 'zod'
import { evangelismCategories } from './evangelism-options.ts'

export { type EvangelismCategory, evangelismCategories } from './evangelism-options.ts'

export const evangelismContentTypes = [
  'Video Series',
  'Course',
  'Bible Study',
  'Reading Plan',
  'Devotional',
  'Discussion Guide',
  'Podcast',
  'Workshop',
] as const

/** 'all' is the spec's initial filter value. */
export const EvangelismContentInput = z.object({
  category: z.enum(['all', ...evangelismCategories], 'Please choose a category').default('all'),
})
export type EvangelismContentInput = z.input<typeof EvangelismContentInput>

export const EvangelismResourceInput = z.object({ id: z.string().min(1).max(64) })
