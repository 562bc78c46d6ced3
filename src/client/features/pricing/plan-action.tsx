import { Link } from '@tanstack/react-router'
import { Check } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { useCheckout } from '#client/features/billing/use-checkout.ts'
import type { BillingPeriod, Plan, PlanId } from '#shared/content/plans.ts'

export interface PlanActionProps {
  plan: Plan
  period: BillingPeriod
  /** The member's plan, or null for a visitor. */
  currentPlan: PlanId | null
  variant: 'solid' | 'accent' | 'outline'
}

/** Visitors register first; members see their current plan, or go to checkout for another. */
export function PlanAction({ plan, period, currentPlan, variant }: PlanActionProps) {
  const checkout = useCheckout()
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
  // Going back to free is cancelling at the end of the paid period, which account settings offer.
  if (plan.id === 'free') {
    return (
      <Button asChild variant={variant} fullWidth>
        <Link to="/settings" hash="membership">
          Manage in Account Settings
        </Link>
      </Button>
    )
  }
  const planId = plan.id
  return (
    <Button variant={variant} fullWidth loading={checkout.pendingPlan === planId} onClick={() => checkout.start(planId, period)}>
      {`Choose ${plan.name}`}
    </Button>
  )
}
