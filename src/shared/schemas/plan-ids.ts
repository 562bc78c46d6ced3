export const planIds = ['free', 'premium', 'elite', 'millionaire', 'billionaire'] as const
export type PlanId = (typeof planIds)[number]
