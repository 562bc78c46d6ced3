import { Church, HandCoins, HeartPulse, Smile, Users, type LucideIcon } from 'lucide-react'
import type { BenefitCategory } from '#shared/content/marriage-benefits.ts'

export const benefitIcons: Record<BenefitCategory, LucideIcon> = {
  health: HeartPulse,
  emotional: Smile,
  financial: HandCoins,
  social: Users,
  spiritual: Church,
}
