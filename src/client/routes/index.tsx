import { createFileRoute } from '@tanstack/react-router'
import { loadCurrentUser, useCurrentUser } from '../features/auth/session'
import { DiscoverPage } from '../features/discover/discover-page'
import { LandingPage } from '../features/landing/landing-page'
import { MemberShell } from '../features/shell/member-shell'

/** One path, two screens: the landing page for visitors, Discover for members. */
export const Route = createFileRoute('/')({
  loader: ({ context }) => loadCurrentUser(context),
  component: Home,
})

function Home() {
  const { isAuthenticated } = useCurrentUser()
  if (!isAuthenticated) return <LandingPage />
  return (
    <MemberShell>
      <DiscoverPage />
    </MemberShell>
  )
}
