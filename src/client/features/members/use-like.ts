import { useMutation } from '@tanstack/react-query'
import { trpc } from '../../lib/trpc'
import { toast } from '../../lib/toast'
import { dailyLimitReached, dropFromDiscover, refreshMatches, refreshMember, sessionExpired } from './member-updates'

/** One like (its own pending state per button): the spec's toasts, then Discover and matches refreshed. */
export function useLike() {
  return useMutation(
    trpc.likes.create.mutationOptions({
      onSuccess: (result, { receiverId }) => {
        if (result.isMutual) {
          toast({ title: "It's a Match! 💕", description: 'You and this person have liked each other! Start messaging now.', variant: 'success' })
          void refreshMatches()
        } else {
          toast({ title: 'Like Sent ❤️', description: "Your like has been sent! If they like you back, it's a match!", variant: 'success' })
        }
        void dropFromDiscover(receiverId)
        void refreshMember(receiverId)
      },
      onError: (error) => {
        if (error.data?.code === 'UNAUTHORIZED') return sessionExpired()
        if (error.data?.code === 'TOO_MANY_REQUESTS') return dailyLimitReached(error.message)
        toast({ title: 'Error', description: 'Failed to send like. Please try again.', variant: 'destructive' })
      },
    }),
  )
}
