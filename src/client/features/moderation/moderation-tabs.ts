/** The tabs of the screen, in order: also what its route accepts as `?tab=`. */
export const moderationTabs = ['reports', 'verifications', 'photos', 'audit'] as const
export type ModerationTab = (typeof moderationTabs)[number]
