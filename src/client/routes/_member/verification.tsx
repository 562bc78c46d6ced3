import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { VerificationPage } from '#client/features/verification/verification-page.tsx'
import { verificationTabs } from '#client/features/verification/verification-tabs.ts'
import { pageHead } from '#client/lib/page-head.ts'
import { oneOf, searchParams } from '#client/lib/search-params.ts'
import { toast } from '#client/lib/toast.ts'

const searchSchema = searchParams({
  tab: oneOf(verificationTabs),
  // Back from a bypass-fee checkout the member left.
  checkout: oneOf(['cancelled']),
})

export const Route = createFileRoute('/_member/verification')({
  validateSearch: searchSchema,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.verification.status.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.profile.get.queryOptions()),
    ]),
  head: () => pageHead('Verification Center'),
  component: VerificationRoute,
})

function VerificationRoute() {
  const { tab = 'overview', checkout } = Route.useSearch()
  const navigate = Route.useNavigate()
  useEffect(() => {
    if (checkout !== 'cancelled') return
    toast({ title: 'Checkout cancelled', description: 'Nothing has been charged.' })
    void navigate({ search: (previous) => ({ ...previous, checkout: undefined }), replace: true, resetScroll: false })
  }, [checkout, navigate])
  return (
    <VerificationPage
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next === 'overview' ? undefined : next }, resetScroll: false })}
    />
  )
}
