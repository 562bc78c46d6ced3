import { createFileRoute } from '@tanstack/react-router'
import { DemoCheckoutPage } from '#client/features/billing/demo-checkout-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

export const Route = createFileRoute('/_member/checkout/demo/$checkoutId')({
  // Prefetched, not ensured: a checkout that is not the member's is shown as not found on the page.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(context.trpc.billing.checkout.queryOptions({ id: params.checkoutId })),
  head: () => pageHead('Checkout'),
  component: DemoCheckoutRoute,
})

function DemoCheckoutRoute() {
  const { checkoutId } = Route.useParams()
  return <DemoCheckoutPage checkoutId={checkoutId} />
}
