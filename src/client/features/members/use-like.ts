import { useMutation } from '@tanstack/react-query'
import { showMatch } from '#client/features/matches/match-moment.ts'
import { toast } from '#client/lib/toast.ts'
import { trpc } from '#client/lib/trpc.ts'
import { dropFromDiscover, refreshAllowance, refreshMatches, refreshMember } from './member-updates'

/** How a like speaks: Discover's like, or the quantum page's Send Interest ('Interest Sent!'). */
export interface LikeWording {
  sent: { title: string; description?: string }
  failed: string
}

const discoverWording: LikeWording = {
  sent: { title: 'Like Sent ❤️', description: "Your like has been sent! If they like you back, it's a match!" },
  failed: 'Failed to send like. Please try again.',
}

/**
 * One like (its own pending state per button): the spec's toast, or the match dialog when it makes a
 * match; then Discover, matches and today's likes left refreshed. `onScamQuestion` hears when the
 * server's scam guard asks about a note (no failure toast then: the caller asks the sender).
 */
export function useLike(wording: LikeWording = discoverWording, onLiked?: () => void, onScamQuestion?: () => void) {
  return useMutation(
    trpc.likes.create.mutationOptions({
      onSuccess: (result, { receiverId }) => {
        if (result.isMutual && result.member && result.matchId) {
          showMatch({ matchId: result.matchId, conversationId: result.conversationId ?? null, member: result.member })
        } else {
          toast({ ...wording.sent, variant: 'success' })
        }
        void refreshMatches()
        onLiked?.()
        void dropFromDiscover(receiverId)
        void refreshMember(receiverId)
      },
      onError: (error, input) => {
        if (error.data?.code === 'PRECONDITION_FAILED' && !input.confirmed) onScamQuestion?.()
      },
      onSettled: () => void refreshAllowance(),
      meta: {
        failure: (error) => {
          if (error.data?.code === 'PRECONDITION_FAILED') return null
          // A second note to the same member, or a like while paused: trying again would not help, so the server says why.
          const explained = error.data?.code === 'CONFLICT' || error.data?.code === 'FORBIDDEN'
          return explained ? { title: 'Error' } : { title: 'Error', description: wording.failed }
        },
      },
    }),
  )
}
