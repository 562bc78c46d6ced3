/** The tabs of the screen, in order: also what its route accepts as `?tab=`. */
export const counselingTabs = ['compatibility', 'counseling', 'monitoring', 'resources'] as const
export type CounselingTabName = (typeof counselingTabs)[number]
