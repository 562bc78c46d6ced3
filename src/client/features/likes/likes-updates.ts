import { queryClient, trpc } from '#client/lib/trpc.ts'

/** Someone liked the member, or the member answered a like: Likes You is read again. */
export function refreshLikesYou() {
  return queryClient.invalidateQueries(trpc.likes.received.pathFilter())
}
