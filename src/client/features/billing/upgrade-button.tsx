import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '#client/components/ui/button.tsx'
import { planName } from '#shared/content/plans.ts'
import { type PaidPlanId, useCheckout } from './use-checkout'

export interface UpgradeButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'fullWidth' | 'className'> {
  planId: PaidPlanId
  /** Left out, the button reads "Upgrade to <plan name>". */
  children?: ReactNode
}

/** Every upgrade prompt in the product: straight to a monthly checkout for the plan. */
export function UpgradeButton({ planId, children, ...buttonProps }: UpgradeButtonProps) {
  const checkout = useCheckout()
  return (
    <Button {...buttonProps} loading={checkout.pendingPlan === planId} onClick={() => checkout.start(planId)}>
      {children ?? `Upgrade to ${planName(planId)}`}
    </Button>
  )
}
