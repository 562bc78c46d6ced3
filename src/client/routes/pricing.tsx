import { createFileRoute } from '@tanstack/react-router'
import { useCurrentUser } from '../features/auth/session'
import { MemberShell, PageTitle } from '../features/shell/member-shell'
import { SiteHeader, VisitorActions } from '../features/shell/site-header'

export const Route = createFileRoute('/pricing')({ component: PricingPage })

const title = 'Premium Memberships'
const description = 'Choose the membership that fits your journey toward a Christ-centred marriage.'

function PricingPage() {
  const { isAuthenticated } = useCurrentUser()
  if (isAuthenticated) {
    return (
      <MemberShell>
        <PageTitle title={title} description={description} />
      </MemberShell>
    )
  }
  return <SiteHeader backTo="/" title={title} description={description} actions={<VisitorActions />} />
}
