import { Church, HandCoins, HeartPulse, type LucideIcon, Smile, Users } from 'lucide-react'
import type { BenefitCategory } from '#shared/content/marriage-benefits.ts'

export const benefitIcons: Record<BenefitCategory, LucideIcon> = {
  health: HeartPulse,
  emotional: Smile,
  financial: HandCoins,
  social: Users,
  spiritual: Church,
}
