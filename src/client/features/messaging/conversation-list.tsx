import { Link } from '@tanstack/react-router'
import { HandHeart, MessageCircle } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import type { RouterOutputs } from '#client/lib/trpc.ts'
import { messageTime } from './message-format'
import { useIsOnline } from './messaging-events'

export type Conversation = RouterOutputs['messaging']['conversations'][number]

/** The other member of a conversation, seen from the signed-in member's side. */
export function partnerOf(conversation: Conversation, memberId: string) {
  return conversation.participant1 === memberId ? conversation.participant2User : conversation.participant1User
}

const itemStyle = css.raw({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '3',
  px: '4',
  py: '3',
  textDecoration: 'none',
  color: 'fg.default',
  borderBottomWidth: 'thin',
  borderColor: 'border.subtle',
  _hover: { bg: 'bg.muted' },
  focusVisibleRing: 'outside',
  focusRingOffset: '-0.5',
})

// Merged with the item, so the chosen conversation keeps its colour under the pointer too.
const selectedStyle = css.raw({ bg: 'brand.subtle', _hover: { bg: 'brand.subtle' } })

const styles = {
  panel: css({ display: 'flex', flexDirection: 'column', minH: '0', h: 'full' }),
  heading: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    px: '4',
    py: '3',
    borderBottomWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  title: css({ textStyle: 'h4', color: 'fg.default' }),
  list: css({ flex: '1', overflowY: 'auto' }),
  avatar: css({ position: 'relative' }),
  dot: css({
    position: 'absolute',
    bottom: '0',
    right: '0',
    w: '3',
    h: '3',
    borderRadius: 'full',
    bg: 'success.solid',
    borderWidth: 'thick',
    borderColor: 'bg.surface',
  }),
  text: css({ display: 'flex', flexDirection: 'column', minW: '0' }),
  nameRow: css({ display: 'flex', alignItems: 'center', gap: '1.5' }),
  name: css({ fontWeight: 'semibold', textStyle: 'small', truncate: true }),
  heart: css({ color: 'brand.fg', flexShrink: 0 }),
  last: css({ textStyle: 'small', color: 'fg.muted', truncate: true }),
  unreadText: css({ fontWeight: 'semibold' }),
  meta: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1' }),
  time: css({ textStyle: 'caption', color: 'fg.subtle', whiteSpace: 'nowrap' }),
}

export function ConversationList({
  conversations,
  memberId,
  selectedId,
}: {
  conversations: Conversation[]
  memberId: string
  selectedId: string | undefined
}) {
  return (
    <section className={styles.panel} aria-labelledby="conversations-heading">
      <div className={styles.heading}>
        <h2 id="conversations-heading" className={styles.title}>
          Conversations
        </h2>
        <Badge variant="neutral" size="sm" aria-label={`${conversations.length} conversations`}>
          {conversations.length}
        </Badge>
      </div>
      {conversations.length === 0 ? (
        <EmptyState
          framed={false}
          size="sm"
          icon={MessageCircle}
          action={
            <Button asChild size="sm">
              <Link to="/">Discover Believers</Link>
            </Button>
          }
        >
          When you and another member like each other, your conversation starts here.
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Conversations">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <ConversationItem conversation={conversation} memberId={memberId} selected={conversation.id === selectedId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function ConversationItem({ conversation, memberId, selected }: { conversation: Conversation; memberId: string; selected: boolean }) {
  const partner = partnerOf(conversation, memberId)
  const name = `${partner.firstName} ${partner.lastName}`
  const online = useIsOnline(partner.id)
  const unread = conversation.unreadCount
  return (
    <Link
      to="/messaging"
      search={{ conversation: conversation.id }}
      className={css(itemStyle, selected && selectedStyle)}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${name}${online ? ', online' : ''}${unread ? `, ${unread} unread` : ''}`}
    >
      <span className={styles.avatar}>
        <Avatar name={name} src={partner.profileImageUrl} size={44} />
        {online && <span className={styles.dot} aria-hidden="true" />}
      </span>
      <span className={styles.text}>
        <span className={styles.nameRow}>
          <span className={styles.name}>{name}</span>
          {conversation.prayerRequestActive && <HandHeart size={14} className={styles.heart} aria-label="Prayer request active" />}
        </span>
        <span className={cx(styles.last, unread > 0 && styles.unreadText)}>{conversation.lastMessage?.content ?? 'Say hello'}</span>
      </span>
      <span className={styles.meta}>
        {conversation.lastMessageAt && <span className={styles.time}>{messageTime(conversation.lastMessageAt)}</span>}
        {unread > 0 && (
          <Badge variant="brand" size="sm" aria-hidden="true">
            {unread}
          </Badge>
        )}
      </span>
    </Link>
  )
}
