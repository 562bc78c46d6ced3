/** The tabs of the screen, in order: also what its route accepts as `?tab=`. */
export const achievementTabs = ['badges', 'leaderboard'] as const
export type AchievementTab = (typeof achievementTabs)[number]
