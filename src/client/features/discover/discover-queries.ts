import { trpc } from '#client/lib/trpc.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { type DiscoverSearch, discoverFilter } from './discover-search'

/** The feed's query, shared by the route's loader (prefetch) and the grid, without the grid's code. */
export function discoverFeedOptions(search: DiscoverSearch, plan: PlanId) {
  return trpc.members.discover.infiniteQueryOptions(discoverFilter(search, plan), { getNextPageParam: (page) => page.nextCursor })
}
