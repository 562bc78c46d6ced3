import type { InfiniteData } from '@tanstack/react-query'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'

type DiscoverPage = RouterOutputs['members']['discover']

/**
 * Takes a member off every loaded Discover page at once (after a like, an interest or a block),
 * then refreshes the feed from the server, which no longer returns them.
 */
export function dropFromDiscover(userId: string) {
  queryClient.setQueriesData<InfiniteData<DiscoverPage>>(trpc.members.discover.infiniteQueryFilter(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, profiles: page.profiles.filter((profile) => profile.userId !== userId) })),
        }
      : data,
  )
  return queryClient.invalidateQueries(trpc.members.discover.pathFilter())
}

/** After an unmatch the two are strangers again, so the other member may be back in Discover. */
export function refreshDiscover() {
  return queryClient.invalidateQueries(trpc.members.discover.pathFilter())
}

/** The member's profile view shows where the two stand (liked, matched, interest sent). */
export function refreshMember(userId: string) {
  return queryClient.invalidateQueries(trpc.members.byId.queryFilter({ userId }))
}

/** A match opens a conversation and an unmatch or a block closes it: the conversation list follows the matches. */
export function refreshMatches() {
  return Promise.all([
    queryClient.invalidateQueries(trpc.matches.pathFilter()),
    queryClient.invalidateQueries(trpc.messaging.conversations.pathFilter()),
  ])
}

/** What the plan still allows today (likes, messages, counseling questions): counted again after each use. */
export function refreshAllowance() {
  return queryClient.invalidateQueries(trpc.premium.allowance.queryFilter())
}
