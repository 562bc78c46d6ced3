import type { InfiniteData } from '@tanstack/react-query'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/routers/_app.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { toast } from '#client/lib/toast.ts'
import { SESSION_EXPIRED_REDIRECT_MS } from '#client/lib/ui-timings.ts'

type DiscoverPage = inferRouterOutputs<AppRouter>['profiles']['discover']

/**
 * Takes a member off every loaded Discover page at once (after a like, an interest or a block),
 * then refreshes the feed from the server, which no longer returns them.
 */
export function dropFromDiscover(userId: string) {
  queryClient.setQueriesData<InfiniteData<DiscoverPage>>(trpc.profiles.discover.infiniteQueryFilter(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, profiles: page.profiles.filter((profile) => profile.userId !== userId) })),
        }
      : data,
  )
  return queryClient.invalidateQueries(trpc.profiles.discover.pathFilter())
}

/** After an unmatch the two are strangers again, so the other member may be back in Discover. */
export function refreshDiscover() {
  return queryClient.invalidateQueries(trpc.profiles.discover.pathFilter())
}

/** The member's profile view shows where the two stand (liked, matched, interest sent). */
export function refreshMember(userId: string) {
  return queryClient.invalidateQueries(trpc.profiles.byId.queryFilter({ userId }))
}

export function refreshMatches() {
  return queryClient.invalidateQueries(trpc.matches.pathFilter())
}

/** The spec's answer to a 401: the session has expired, so sign in again. */
export function sessionExpired() {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' })
  setTimeout(() => window.location.assign('/api/login'), SESSION_EXPIRED_REDIRECT_MS)
}

/** A 429 on a like or an interest is the free tier's daily limit; the server's message names the plan. */
export function dailyLimitReached(message: string) {
  toast({
    title: 'Daily Limit Reached',
    description: message,
    variant: 'destructive',
    action: { label: 'See Premium plans', to: '/pricing' },
  })
}
