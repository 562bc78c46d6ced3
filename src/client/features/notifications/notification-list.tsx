import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BadgeCheck, Bell, CalendarDays, Heart, type LucideIcon, ShieldAlert, ShieldCheck, Trophy } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { placeholderKeys, Skeleton } from '#client/components/ui/skeleton.tsx'
import { MemberPhoto } from '#client/features/members/member-photo.tsx'
import { type NotificationView, notificationSentence, notificationTarget, relativeTime, timePreferenceLabel } from './notification-content'
import { notificationsQuery, useMarkRead, useUnreadNotifications } from './notification-queries'

const styles = {
  header: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '3' }),
  title: css({ textStyle: 'h4', color: 'fg.default' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  row: css({
    position: 'relative',
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gap: '3',
    p: '3',
    pe: '7',
    borderRadius: 'control',
    color: 'fg.default',
    textDecoration: 'none',
    '&[data-fresh]': { bg: 'brand.subtle' },
    '&:is(a)': { _hover: { bg: 'bg.muted' }, focusVisibleRing: 'inside' },
  }),
  dot: css({ position: 'absolute', top: '4', insetInlineEnd: '3', w: '2', h: '2', borderRadius: 'full', bg: 'brand.solid' }),
  photo: css({ w: '10', borderRadius: 'full' }),
  icon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '10',
    h: '10',
    borderRadius: 'full',
    bg: 'accent.subtle',
    color: 'accent.fg',
  }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  sentence: css({ textStyle: 'small', color: 'fg.default' }),
  interest: cx(card({ variant: 'outline' }).root, css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', mt: '1' })),
  message: css({ textStyle: 'small', fontStyle: 'italic', color: 'fg.default', whiteSpace: 'pre-line', lineClamp: '4' }),
  detail: css({ textStyle: 'caption', color: 'fg.muted' }),
  detailLabel: css({ fontWeight: 'semibold' }),
  time: css({ textStyle: 'caption', color: 'fg.subtle' }),
  more: css({ display: 'flex', justifyContent: 'center', pt: '3' }),
  skeletonRow: css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '3', p: '3' }),
  skeletonPhoto: css({ w: '10', h: '10' }),
  skeletonLine: css({ h: '4', w: 'full' }),
  error: css({ textStyle: 'small', color: 'danger.fg', p: '3' }),
}

const kindIcons: Partial<Record<NotificationView['type'], LucideIcon>> = {
  event_rsvp: CalendarDays,
  event_cancelled: CalendarDays,
  reminder: Bell,
  verification_decision: BadgeCheck,
  achievement_earned: Trophy,
  report_outcome: ShieldCheck,
  moderation_warning: ShieldAlert,
  vouch_decision: BadgeCheck,
}

export interface NotificationListProps {
  /** The heading's level: an h2 in the panel, none on the page, which has its own title. */
  heading?: boolean
  /** Called when a row's link is followed, so the panel closes behind it. */
  onNavigate?: () => void
}

/**
 * The member's notifications, newest first, a page at a time. What is unread when it comes into view is
 * marked read at once, and keeps its highlight until the list closes, so the member still sees what was new.
 */
export function NotificationList({ heading = false, onNavigate }: NotificationListProps) {
  const feed = useInfiniteQuery(notificationsQuery())
  const unreadCount = useUnreadNotifications()
  const markRead = useMarkRead()
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set())
  const asked = useRef(new Set<string>())
  const notifications = feed.data?.pages.flatMap((page) => page.notifications) ?? []
  const unseen = notifications.filter((notification) => notification.readAt === null && !asked.current.has(notification.id))
  const unseenKey = unseen.map((notification) => notification.id).join(',')

  // biome-ignore lint/correctness/useExhaustiveDependencies: marking read follows new unread rows coming into view, keyed by their ids
  useEffect(() => {
    if (!unseenKey) return
    const ids = unseenKey.split(',')
    for (const id of ids) asked.current.add(id)
    setFresh((current) => new Set([...current, ...ids]))
    markRead.mutate({ ids })
  }, [unseenKey])

  return (
    <div>
      <div className={styles.header}>
        {heading ? <h2 className={styles.title}>Notifications</h2> : <span />}
        <Button variant="ghost" size="sm" disabled={unreadCount === 0 && unseen.length === 0} onClick={() => markRead.mutate({})}>
          Mark all read
        </Button>
      </div>
      {feed.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading notifications">
          {placeholderKeys(3).map((key) => (
            <div key={key} className={styles.skeletonRow}>
              <Skeleton circle className={styles.skeletonPhoto} />
              <Skeleton className={styles.skeletonLine} />
            </div>
          ))}
        </div>
      ) : feed.isError ? (
        <p className={styles.error} role="alert">
          {feed.error.message}
        </p>
      ) : notifications.length === 0 ? (
        <EmptyState icon={Bell} size="sm" title="Nothing new yet" framed={false}>
          When someone likes you, sends you a Thoughtful Interest or matches with you, you will hear it here first.
        </EmptyState>
      ) : (
        <>
          <ul className={styles.list}>
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationRow notification={notification} fresh={fresh.has(notification.id)} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
          {feed.hasNextPage && (
            <div className={styles.more}>
              <Button variant="outline" size="sm" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                Show earlier notifications
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}

function NotificationRow({ notification, fresh, onNavigate }: { notification: NotificationView; fresh: boolean; onNavigate?: () => void }) {
  const target = notificationTarget(notification)
  const Icon = kindIcons[notification.type] ?? Heart
  const content = (
    <>
      {notification.actor ? (
        // The sentence names them: the photo is decoration, so a row's name starts with what happened.
        <span aria-hidden="true">
          <MemberPhoto name={notification.actor.firstName} src={notification.actor.photoUrl} sizes="2.5rem" className={styles.photo} />
        </span>
      ) : (
        <span className={styles.icon} aria-hidden="true">
          <Icon size={18} />
        </span>
      )}
      <span className={styles.text}>
        <span className={styles.sentence}>{notificationSentence(notification)}</span>
        {notification.type === 'interest_received' && <InterestDetails interest={notification.interest} />}
        <time className={styles.time} dateTime={notification.createdAt.toISOString()}>
          {relativeTime(notification.createdAt)}
        </time>
      </span>
      {fresh && <span className={styles.dot} role="img" aria-label="New" />}
    </>
  )
  const props = { className: styles.row, 'data-fresh': fresh || undefined }
  return target ? (
    <Link to={target.to} search={target.search} onClick={onNavigate} {...props}>
      {content}
    </Link>
  ) : (
    <div {...props}>{content}</div>
  )
}

type Interest = Extract<NotificationView, { type: 'interest_received' }>['interest']

function InterestDetails({ interest }: { interest: Interest }) {
  const time = timePreferenceLabel(interest.timePreference)
  return (
    <span className={styles.interest}>
      {interest.message && <span className={styles.message}>“{interest.message.trim()}”</span>}
      {interest.suggestedActivity && (
        <span className={styles.detail}>
          <span className={styles.detailLabel}>Suggested activity:</span> {interest.suggestedActivity}
        </span>
      )}
      {time && (
        <span className={styles.detail}>
          <span className={styles.detailLabel}>Time preference:</span> {time}
        </span>
      )}
    </span>
  )
}
