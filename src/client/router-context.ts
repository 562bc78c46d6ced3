import type { QueryClient } from '@tanstack/react-query'
import type { trpc } from '#client/lib/trpc.ts'

/**
 * What every route's loader and guard receive (router.tsx passes it). It lives apart from the
 * router so that features can type their loaders without importing the route tree.
 */
export interface RouterContext {
  queryClient: QueryClient
  trpc: typeof trpc
}
