import { useInfiniteQuery } from '@tanstack/react-query'
import { useSubscription } from '@trpc/tanstack-react-query'
import { useEffect } from 'react'
import { refreshLikesYou } from '#client/features/likes/likes-updates.ts'
import { showMatch, wasShown } from '#client/features/matches/match-moment.ts'
import { refreshMatches } from '#client/features/members/member-updates.ts'
import { trpc } from '#client/lib/trpc.ts'
import { notificationsQuery, refreshNotifications, useMarkRead, useUnreadNotifications } from './notification-queries'

/**
 * The member's live notifications, opened once for every member screen: each one refreshes the bell,
 * the panel and Likes You; a match opens the match dialog at once. A match made while the member was
 * away opens it at their next visit, from the newest unread match notification, which is then read.
 */
export function NotificationEvents() {
  useSubscription(
    trpc.notifications.live.subscriptionOptions(undefined, {
      onData: (event) => {
        if (event.type === 'match') {
          showMatch({ matchId: event.matchId, conversationId: event.conversationId, member: event.member })
          void refreshMatches()
        }
        void refreshNotifications()
        void refreshLikesYou()
      },
    }),
  )
  return <MatchWhileAway />
}

function MatchWhileAway() {
  const unread = useUnreadNotifications()
  const feed = useInfiniteQuery({ ...notificationsQuery(), enabled: unread > 0 })
  const markRead = useMarkRead()
  const match = feed.data?.pages[0]?.notifications.find((notification) => notification.type === 'match' && notification.readAt === null)
  const matchId = match?.type === 'match' ? match.id : undefined

  // biome-ignore lint/correctness/useExhaustiveDependencies: one look per unread match notification, keyed by its id
  useEffect(() => {
    if (match?.type !== 'match') return
    // Already shown live or by the like that made it: only the notification is left to read.
    if (!wasShown(match.matchId) && match.actor) {
      showMatch({ matchId: match.matchId, conversationId: match.conversationId, member: match.actor })
    }
    markRead.mutate({ ids: [match.id] })
  }, [matchId])
  return null
}
