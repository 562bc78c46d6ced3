import { createRouter } from '@tanstack/react-router'
import { queryClient, trpc } from './lib/trpc'
import { routeTree } from './route-tree.gen'
import { NotFound } from './features/shell/not-found'
import { PageLoading } from './features/shell/page-loading'

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  // Loaders read through the query cache, which already decides freshness.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFound,
  defaultPendingComponent: PageLoading,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
