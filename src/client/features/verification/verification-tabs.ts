/** The tabs of the screen, in order: also what its route accepts as `?tab=`. */
export const verificationTabs = ['overview', 'faith', 'income', 'education', 'bypass'] as const
export type VerificationTab = (typeof verificationTabs)[number]
