import { useNavigate } from '@tanstack/react-router'
import { toast } from '#client/lib/toast.ts'
import { queryClient, resetRealtimeConnection, trpc } from '#client/lib/trpc.ts'

/** After login or register: the spec's toast, a fresh current user, then home (or the page that asked). */
export function useSignInSuccess(message: { title: string; description: string }, redirectTo: string | undefined) {
  const navigate = useNavigate()
  return async () => {
    toast({ ...message, variant: 'success' })
    resetRealtimeConnection()
    await queryClient.resetQueries()
    await queryClient.fetchQuery(trpc.auth.me.queryOptions())
    await navigate({ href: redirectTo ?? '/' })
  }
}

export function serverMessage(error: unknown): string | undefined {
  const message = (error as { message?: unknown })?.message
  return typeof message === 'string' && message.length > 0 && message.length < 300 ? message : undefined
}
