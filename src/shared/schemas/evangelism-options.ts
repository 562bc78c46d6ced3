// Apart from evangelism.ts so that the hub's search parser takes the list without zod.
export const evangelismCategories = ['seekers', 'new_believers', 'mature_christians'] as const
export type EvangelismCategory = (typeof evangelismCategories)[number]
