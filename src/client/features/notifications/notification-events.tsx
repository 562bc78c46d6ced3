import { useInfiniteQuery } from '@tanstack/react-query'
import { useSubscription } from '@trpc/tanstack-react-query'
import { useEffect } from 'react'
import { refreshLikesYou } from '#client/features/likes/likes-updates.ts'
import { showMatch, wasShown } from '#client/features/matches/match-moment.ts'
import { refreshMatches } from '#client/features/members/member-updates.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import type { NotificationView } from '#shared/schemas/notifications.ts'
import { notificationsQuery, refreshNotifications, useMarkRead, useUnreadNotifications } from './notification-queries'

/**
 * The member's live notifications, opened once for every member screen: each one refreshes the bell,
 * the panel, Likes You and the screens showing what it is about; a match opens the match dialog at
 * once. A match made while the member was away opens it at their next visit, from the newest unread
 * match notification, which is then read.
 */
export function NotificationEvents() {
  useSubscription(
    trpc.notifications.live.subscriptionOptions(undefined, {
      onData: (event) => {
        if (event.type === 'match') {
          showMatch({ matchId: event.matchId, conversationId: event.conversationId, member: event.member })
          void refreshMatches()
        } else refreshWhatItIsAbout(event.notification)
        void refreshNotifications()
        void refreshLikesYou()
      },
    }),
  )
  return <MatchWhileAway />
}

/** A decision made elsewhere (a moderator's, a pastor's, an organiser's) shows on the member's open screens without a reload. */
function refreshWhatItIsAbout(notification: NotificationView) {
  switch (notification.type) {
    case 'verification_decision':
    case 'vouch_decision':
      // The Verification Center, and the badges on the member's own profile.
      void queryClient.invalidateQueries(trpc.verification.pathFilter())
      void queryClient.invalidateQueries(trpc.profile.pathFilter())
      break
    case 'event_rsvp':
    case 'event_cancelled':
      void queryClient.invalidateQueries(trpc.events.pathFilter())
      break
    case 'achievement_earned':
      void queryClient.invalidateQueries(trpc.achievements.pathFilter())
      break
  }
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
