import { Link } from '@tanstack/react-router'
import { Check } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import type { BillingPeriod, Plan, PlanId } from '#shared/content/plans.ts'
import { PlanChangeDialog } from './plan-change-dialog'

export interface PlanActionProps {
  plan: Plan
  period: BillingPeriod
  /** The member's plan, or null for a visitor. */
  currentPlan: PlanId | null
  variant: 'solid' | 'accent' | 'outline'
}

/** Visitors register first; members see their current plan, or what choosing another will do. */
export function PlanAction({ plan, period, currentPlan, variant }: PlanActionProps) {
  const label = plan.price.monthly === 0 ? 'Start Free' : `Choose ${plan.name}`
  if (currentPlan === null) {
    return (
      <Button asChild variant={variant} fullWidth>
        <Link to="/register">{label}</Link>
      </Button>
    )
  }
  if (currentPlan === plan.id) {
    return (
      <Button variant="ghost" fullWidth disabled>
        <Check size={18} aria-hidden="true" /> Your Current Plan
      </Button>
    )
  }
  return (
    <PlanChangeDialog
      plan={plan}
      period={period}
      currentPlan={currentPlan}
      trigger={
        <Button variant={variant} fullWidth>
          {`Choose ${plan.name}`}
        </Button>
      }
    />
  )
}
