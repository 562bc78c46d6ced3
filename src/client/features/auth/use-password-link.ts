import { useMutation } from '@tanstack/react-query'
import { toast } from '#client/lib/toast.ts'
import { trpc } from '#client/lib/trpc.ts'

/**
 * Emails a signed-in member a link to choose a password: how a member who signs in with Google or
 * Facebook sets one, and how a member whose reset link was refused asks for another.
 */
export function usePasswordLink() {
  return useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      // The server's answer is worded for a visitor who may have typed anyone's address; this member's is known.
      onSuccess: (_answer, { email }) =>
        toast({
          title: 'Check your email',
          description: `We sent a link to ${email}. Open it to choose your password.`,
          variant: 'success',
        }),
      meta: {
        // A 429 here is "asked too often", not a plan's daily limit.
        ownCodes: ['TOO_MANY_REQUESTS'],
        failure: { title: 'Email not sent' },
      },
    }),
  )
}
