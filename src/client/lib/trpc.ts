import { type Mutation, MutationCache, QueryClient } from '@tanstack/react-query'
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, type TRPCClientError, wsLink } from '@trpc/client'
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import superjson from 'superjson'
import type { AppRouter } from '#server/routers/_app.ts'
import { toast } from './toast'
import { HTTP_BATCH_OPTIONS } from './trpc-http'
import { SESSION_EXPIRED_REDIRECT_MS } from './ui-timings'

export type RouterInputs = inferRouterInputs<AppRouter>
export type RouterOutputs = inferRouterOutputs<AppRouter>

/** A failed mutation's error: tRPC's, or a plain Error from a REST upload (which has no `data`). */
export type MutationError = Error & { data?: TRPCClientError<AppRouter>['data'] }

type SharedAnswerCode = 'UNAUTHORIZED' | 'TOO_MANY_REQUESTS'

interface FailureToast {
  title: string
  /** Left out, the toast shows the server's message. */
  description?: string
}

// A type, not an interface: Query only accepts a meta type that is a plain record.
type MutationMeta = {
  /** The destructive toast for a failure that has no shared answer; null when the screen shows it itself (e.g. on a form field). */
  failure?: FailureToast | ((error: MutationError) => FailureToast | null)
  /** Codes a screen words itself in `failure` instead of taking the shared answer (sign-in, the AI tabs). */
  ownCodes?: readonly SharedAnswerCode[]
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta
  }
}

/** The spec's answer to a 401: the session has expired, so sign in again. */
function sessionExpired() {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' })
  setTimeout(() => window.location.assign('/api/login'), SESSION_EXPIRED_REDIRECT_MS)
}

/** A 429 on a like, an interest or a message is the free tier's daily limit; the server's message names the plan. */
function dailyLimitReached(message: string) {
  toast({
    title: 'Daily Limit Reached',
    description: message,
    variant: 'destructive',
    action: { label: 'See Premium plans', to: '/pricing' },
  })
}

/**
 * Every mutation's failure is answered here, once: the shared answers first, else the mutation's own
 * toast. Only one toast shows at a time, so answering in each mutation as well would hide this one.
 */
function answerFailure(error: MutationError, { meta }: Mutation<unknown, unknown, unknown>) {
  const code = error.data?.code
  if ((code === 'UNAUTHORIZED' || code === 'TOO_MANY_REQUESTS') && !meta?.ownCodes?.includes(code)) {
    return code === 'UNAUTHORIZED' ? sessionExpired() : dailyLimitReached(error.message)
  }
  if (!meta?.failure) return
  const failure = typeof meta.failure === 'function' ? meta.failure(error) : meta.failure
  if (!failure) return
  toast({ title: failure.title, description: failure.description ?? error.message, variant: 'destructive' })
}

/** The spec's query behaviour: no retry, no refetch on focus, no polling, data never stale. */
export const queryClient = new QueryClient({
  mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => answerFailure(error, mutation) }),
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

const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink({ client: wsClient, transformer: superjson }),
      false: httpBatchLink(HTTP_BATCH_OPTIONS),
    }),
  ],
})

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })
