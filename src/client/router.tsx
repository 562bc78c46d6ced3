import { createRouter } from '@tanstack/react-router'
import { NotFound } from '#client/components/layout/not-found.tsx'
import { PageError } from '#client/components/layout/page-error.tsx'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { routeTree } from './route-tree.gen'

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  // Loaders read through the query cache, which already decides freshness.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFound,
  defaultPendingComponent: PageLoading,
  defaultErrorComponent: PageError,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
