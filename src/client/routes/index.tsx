import { createFileRoute } from '@tanstack/react-router'
import { loadCurrentUser, useCurrentUser } from '#client/features/auth/session.ts'
import { discoverFeedOptions } from '#client/features/discover/discover-queries.ts'
import { discoverSearch } from '#client/features/discover/discover-search.ts'
import { DiscoverScreen, LandingScreen } from '#client/features/shell/home-screens.ts'
import { pageHead } from '#client/lib/page-head.ts'

/** One path, two screens: the landing page for visitors, Discover (filtered by the search params) for members. */
export const Route = createFileRoute('/')({
  validateSearch: discoverSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const user = await loadCurrentUser(context)
    if (!user) {
      await LandingScreen.preload?.()
      return { signedIn: false }
    }
    const screen = DiscoverScreen.preload?.()
    const [profile] = await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.profile.get.queryOptions()),
      // Read with the profile so the paused banner does not push the page down once it arrives.
      context.queryClient.ensureQueryData(context.trpc.account.status.queryOptions()),
    ])
    // Started, not awaited: the page shows at once with the spec's skeleton cards while the feed loads.
    if (profile.isComplete) void context.queryClient.prefetchInfiniteQuery(discoverFeedOptions(deps, user.plan))
    await screen
    return { signedIn: true }
  },
  head: ({ loaderData }) => (loaderData?.signedIn ? pageHead('Discover') : {}),
  component: Home,
})

function Home() {
  const { isAuthenticated } = useCurrentUser()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!isAuthenticated) return <LandingScreen />
  return <DiscoverScreen search={search} onSearchChange={(next) => navigate({ search: next, resetScroll: false })} />
}
