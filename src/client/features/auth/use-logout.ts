import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { queryClient, resetRealtimeConnection, trpc } from '#client/lib/trpc.ts'

/** Signs out, forgets every cached member query, then goes to /login (a failure is only logged, as the spec says). */
export function useLogout() {
  const navigate = useNavigate()
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        resetRealtimeConnection()
        queryClient.clear()
        queryClient.setQueryData(trpc.auth.me.queryKey(), null)
        await navigate({ to: '/login' })
      },
      onError: (error) => console.error('Logout failed', error),
    }),
  )
}
