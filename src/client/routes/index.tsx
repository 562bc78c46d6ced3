import { createFileRoute } from '@tanstack/react-router'
import { loadCurrentUser, useCurrentUser } from '#client/features/auth/session.ts'
import { discoverFeedOptions } from '#client/features/discover/discover-feed.tsx'
import { DiscoverPage } from '#client/features/discover/discover-page.tsx'
import { discoverSearch } from '#client/features/discover/discover-search.ts'
import { LandingPage } from '#client/features/landing/landing-page.tsx'
import { MemberShell } from '#client/features/shell/member-shell.tsx'

/** One path, two screens: the landing page for visitors, Discover (filtered by the search params) for members. */
export const Route = createFileRoute('/')({
  validateSearch: discoverSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const user = await loadCurrentUser(context)
    if (!user) return
    const [profile] = await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.profile.get.queryOptions()),
      // Read with the profile so the paused banner does not push the page down once it arrives.
      context.queryClient.ensureQueryData(context.trpc.account.status.queryOptions()),
    ])
    // Started, not awaited: the page shows at once with the spec's skeleton cards while the feed loads.
    if (profile.isComplete) void context.queryClient.prefetchInfiniteQuery(discoverFeedOptions(deps, user.plan))
  },
  component: Home,
})

function Home() {
  const { isAuthenticated } = useCurrentUser()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!isAuthenticated) return <LandingPage />
  return (
    <MemberShell>
      <DiscoverPage search={search} onSearchChange={(next) => navigate({ search: next, resetScroll: false })} />
    </MemberShell>
  )
}
