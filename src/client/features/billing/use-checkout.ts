import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '#client/lib/toast.ts'
import { type MutationError, queryClient, trpc } from '#client/lib/trpc.ts'
import type { BillingPeriod } from '#shared/content/plans.ts'
import type { SubscribeInput } from '#shared/schemas/billing.ts'

export type PaidPlanId = SubscribeInput['planId']

/** A plan that needs a verified income is refused with the server's words and a way to verify. */
function answerCheckoutFailure(error: MutationError) {
  if (error.data?.code !== 'FORBIDDEN') return { title: 'Checkout not started' }
  toast({
    title: 'Income verification needed',
    description: error.message,
    variant: 'destructive',
    action: { label: 'Verify your income', to: '/verification', search: { tab: 'income' } },
  })
  return null
}

/**
 * Starts a checkout for a plan and leaves for it: Stripe's page, or the product's own demo page.
 * `pendingPlan` stays set while the browser is on its way, so the button keeps its spinner.
 */
export function useCheckout() {
  const [leavingFor, setLeavingFor] = useState<PaidPlanId | null>(null)
  const subscribe = useMutation(
    trpc.billing.subscribe.mutationOptions({
      onSuccess: ({ checkoutUrl }, { planId }) => {
        setLeavingFor(planId)
        window.location.assign(checkoutUrl)
      },
      meta: { failure: answerCheckoutFailure },
    }),
  )
  return {
    start: (planId: PaidPlanId, interval: BillingPeriod = 'monthly') => subscribe.mutate({ planId, interval }),
    pendingPlan: subscribe.isPending ? (subscribe.variables?.planId ?? null) : leavingFor,
  }
}

/** A new plan changes what many screens show (the navigation, limits, locked panels): refetch them all. */
export function refreshAfterPurchase() {
  return queryClient.invalidateQueries()
}
