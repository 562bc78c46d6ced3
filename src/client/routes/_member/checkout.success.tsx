import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { CheckoutSuccessPage } from '#client/features/billing/checkout-success-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

const searchSchema = z.object({ checkout: z.string().min(1).max(64).optional().catch(undefined) })

export const Route = createFileRoute('/_member/checkout/success')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.billing.subscription.queryOptions()),
  head: () => pageHead('Checkout complete'),
  component: CheckoutSuccessRoute,
})

function CheckoutSuccessRoute() {
  const { checkout } = Route.useSearch()
  return <CheckoutSuccessPage checkoutId={checkout} />
}
