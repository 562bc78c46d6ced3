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
    const { queryClient, trpc } = context
    // A visitor already known to be signed out gets the landing page without asking the server again.
    if (queryClient.getQueryData(trpc.auth.me.queryKey()) === null) return showLanding()
    // Anyone else is almost surely a member (the server sends the app page at `/` only with a session
    // cookie, landing.html otherwise), so Discover's code and its first reads are asked for alongside
    // the session check, in the same round trip: MEMBER_HOME_READS, in this order, which the page
    // itself has the browser fetch already (discover.html).
    const profileOptions = trpc.profile.get.queryOptions()
    // Read with the profile so the paused banner does not push the page down once it arrives.
    const statusOptions = trpc.account.status.queryOptions()
    const user = loadCurrentUser(context)
    const screen = DiscoverScreen.preload?.()
    // Awaited once the member is known; should the session check fail first, its failure is the route's.
    screen?.catch(() => {})
    void queryClient.prefetchQuery(profileOptions)
    void queryClient.prefetchQuery(statusOptions)
    const member = await user
    if (!member) return showLanding()
    const [profile] = await Promise.all([queryClient.ensureQueryData(profileOptions), queryClient.ensureQueryData(statusOptions)])
    // Started, not awaited: the page shows at once with the spec's skeleton cards while the feed loads.
    if (profile.isComplete) void queryClient.prefetchInfiniteQuery(discoverFeedOptions(deps, member.plan))
    await screen
    return { signedIn: true }
  },
  head: ({ loaderData }) => (loaderData?.signedIn ? pageHead('Discover') : {}),
  component: Home,
})

async function showLanding() {
  await LandingScreen.preload?.()
  return { signedIn: false }
}

function Home() {
  const { isAuthenticated } = useCurrentUser()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!isAuthenticated) return <LandingScreen />
  return <DiscoverScreen search={search} onSearchChange={(next) => navigate({ search: next, resetScroll: false })} />
}
