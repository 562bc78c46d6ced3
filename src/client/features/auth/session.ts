import { useQuery } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { trpc } from '#client/lib/trpc.ts'
import type { RouterContext } from '#client/router-context.ts'

/** The spec's current-user state: a user object, a loading flag, and whether a user came back. */
export function useCurrentUser() {
  const query = useQuery(trpc.auth.me.queryOptions())
  return { user: query.data ?? null, isLoading: query.isPending, isAuthenticated: Boolean(query.data) }
}

export function loadCurrentUser(context: RouterContext) {
  return context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions())
}

/** For /login and /register: a member who is already signed in goes home. */
export async function redirectMembersHome({ context }: { context: RouterContext }) {
  if (await loadCurrentUser(context)) throw redirect({ to: '/' })
}
