import { QueryClient } from '@tanstack/react-query'
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import superjson from 'superjson'
import type { AppRouter } from '#server/routers/_app.ts'

/** The spec's query behaviour: no retry, no refetch on focus, no polling, data never stale. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
    mutations: { retry: false },
  },
})

function socketUrl() {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${window.location.host}/trpc`
}

/** Subscriptions ride one lazily opened socket; everything else is batched HTTP. */
const wsClient = createWSClient({ url: socketUrl, lazy: { enabled: true, closeMs: 10_000 } })

/**
 * The socket's identity is the session cookie it was opened with: after signing in or out, close
 * it, and the next subscription opens one as the new member.
 */
export function resetRealtimeConnection() {
  void wsClient.close()
}

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink({ client: wsClient, transformer: superjson }),
      false: httpBatchLink({ url: '/trpc', transformer: superjson }),
    }),
  ],
})

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })
