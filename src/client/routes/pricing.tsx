import { createFileRoute } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { SiteHeader, VisitorActions } from '#client/components/layout/site-header.tsx'
import { loadCurrentUser, useCurrentUser } from '#client/features/auth/session.ts'
import { PricingContent } from '#client/features/pricing/pricing-content.tsx'
import { MemberShell } from '#client/features/shell/member-shell.tsx'
import { pageHead } from '#client/lib/page-head.ts'
import { oneOf, searchParams } from '#client/lib/search-params.ts'

// Stripe's and the demo checkout's way back when the member does not pay.
const searchSchema = searchParams({ checkout: oneOf(['cancelled']) })

export const Route = createFileRoute('/pricing')({
  validateSearch: searchSchema,
  loader: ({ context }) => loadCurrentUser(context),
  head: () => pageHead('Premium Memberships'),
  component: PricingPage,
})

const title = 'Premium Memberships'
const description = 'Choose the membership that fits your journey toward a Christ-centred marriage.'

// The visitor's page matches the member shell's measure, and its title sits inside <main> as a member's does.
const visitorMain = css({ maxW: '7xl', mx: 'auto', px: 'gutter', py: { base: '6', md: '10' } })

function PricingPage() {
  const { user } = useCurrentUser()
  const { checkout } = Route.useSearch()
  const navigate = Route.useNavigate()
  if (user) {
    return (
      <MemberShell>
        <PageTitle title={title} description={description} />
        <PricingContent
          currentPlan={user.plan}
          checkoutCancelled={checkout === 'cancelled'}
          onDismissCancelled={() => navigate({ search: {}, replace: true, resetScroll: false })}
        />
      </MemberShell>
    )
  }
  return (
    <>
      <SiteHeader backTo="/" actions={<VisitorActions />} />
      <main className={visitorMain}>
        <PageTitle title={title} description={description} />
        <PricingContent currentPlan={null} />
      </main>
    </>
  )
}
