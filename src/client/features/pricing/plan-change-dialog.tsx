import type { ReactElement } from 'react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { type BillingPeriod, type Plan, type PlanId, planName } from '#shared/content/plans.ts'
import { formatPrice } from '#shared/logic/pricing.ts'

const styles = {
  text: css({ textStyle: 'body', color: 'fg.default', '& + &': { mt: '3' } }),
}

export interface PlanChangeDialogProps {
  plan: Plan
  period: BillingPeriod
  currentPlan: PlanId
  trigger: ReactElement
}

// Billing is not live yet: choosing a plan explains that, and nothing is sent or charged.
export function PlanChangeDialog({ plan, period, currentPlan, trigger }: PlanChangeDialogProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Plan changes open soon"
        description={`${plan.name} · ${formatPrice(plan.price[period], period)}`}
        footer={
          <DialogClose asChild>
            <Button>Got it</Button>
          </DialogClose>
        }
      >
        <p className={styles.text}>
          You are on {planName(currentPlan)}. Moving to {plan.name} will be possible here very soon.
        </p>
        <p className={styles.text}>Nothing has been charged, and your membership has not changed.</p>
      </DialogContent>
    </Dialog>
  )
}
