import { createFileRoute } from '@tanstack/react-router'
import { CheckoutSuccessPage } from '#client/features/billing/checkout-success-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'
import { searchParams, text } from '#client/lib/search-params.ts'

const searchSchema = searchParams({ checkout: text({ min: 1, max: 64 }) })

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
