/** The tabs of the screen, in order: also what its route accepts as `?tab=`. */
export const sabbathTabs = ['events', 'worship', 'bible-study', 'resources'] as const
export type SabbathTab = (typeof sabbathTabs)[number]
