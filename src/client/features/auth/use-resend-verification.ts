import { useMutation } from '@tanstack/react-query'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'

/** Sends the signed-in member a fresh link to confirm their address (the banner and a refused link offer it). */
export function useResendVerification() {
  return useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: ({ email }) =>
        toast({ title: 'Verification email sent', description: `Check your inbox at ${email}.`, variant: 'success' }),
      onError: (error) => {
        // Already verified (in another tab, say) is good news, not a failure: refresh the member so the banner goes.
        if (error.data?.code !== 'CONFLICT') return
        void queryClient.invalidateQueries(trpc.auth.pathFilter())
        toast({ title: 'Email already confirmed', description: error.message, variant: 'success' })
      },
      meta: {
        // A 429 here is "asked too often", not a plan's daily limit.
        ownCodes: ['TOO_MANY_REQUESTS'],
        failure: (error) => (error.data?.code === 'CONFLICT' ? null : { title: 'Email not sent' }),
      },
    }),
  )
}
