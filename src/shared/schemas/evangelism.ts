import { z } from 'zod'

export const evangelismCategories = ['seekers', 'new_believers', 'mature_christians'] as const
export type EvangelismCategory = (typeof evangelismCategories)[number]

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
