import { useInfiniteQuery, useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft, BookOpen, Check, CheckCheck, Clock, Flag, HandHeart, ShieldAlert, ShieldBan } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { BlockDialog, ReportDialog } from '#client/features/members/safety-dialogs.tsx'
import { ScamSafetyNote } from '#client/features/members/scam-safety-note.tsx'
import { type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import type { MessageType } from '#shared/content/message-types.ts'
import type { PostMessageInput } from '#shared/schemas/messaging.ts'
import { Composer, useMessagesOnTheirWay } from './composer'
import { type Conversation, partnerOf } from './conversation-list'
import { clockTime, messageTime } from './message-format'
import { refreshConversations, useIsOnline, useTypingIn } from './messaging-events'

type Message = RouterOutputs['messaging']['messages']['messages'][number]

const styles = {
  panel: css({ display: 'flex', flexDirection: 'column', minH: '0', h: 'full' }),
  header: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: { base: '2', md: '4' },
    py: '3',
    borderBottomWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  back: css({ display: { base: 'inline-flex', lg: 'none' } }),
  who: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  name: css({ textStyle: 'h4', color: 'fg.default', truncate: true }),
  status: css({ textStyle: 'caption', color: 'fg.muted', display: 'flex', alignItems: 'center', gap: '1.5' }),
  online: css({ color: 'success.fg', fontWeight: 'semibold' }),
  onlineDot: css({ w: '2', h: '2', borderRadius: 'full', bg: 'success.solid' }),
  actions: css({ display: 'flex', gap: '1' }),
  actionLabel: css({ display: { base: 'none', md: 'inline' } }),
  scroller: css({ flex: '1', overflowY: 'auto', px: { base: '3', md: '6' }, py: '4', bg: 'bg.canvas' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  earlier: css({ display: 'flex', justifyContent: 'center', pb: '3' }),
  row: css({ display: 'flex', flexDirection: 'column', maxW: { base: '85%', md: '70%' } }),
  own: css({ alignSelf: 'flex-end', alignItems: 'flex-end' }),
  // A message not yet stored is drawn lighter until the server has it.
  onItsWay: css({ '& > div': { opacity: '0.75' } }),
  theirs: css({ alignSelf: 'flex-start', alignItems: 'flex-start' }),
  kind: css({
    display: 'flex',
    alignItems: 'center',
    gap: '1',
    textStyle: 'overline',
    mb: '1',
    color: 'fg.muted',
    fontStyle: 'normal',
    fontFamily: 'body',
  }),
  meta: css({ display: 'flex', alignItems: 'center', gap: '1', textStyle: 'caption', color: 'fg.subtle', mt: '1', px: '1' }),
  read: css({ color: 'info.fg' }),
  typing: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    alignSelf: 'flex-start',
    px: '4',
    py: '3',
    bg: 'bg.surface',
    borderRadius: '2xl',
    borderWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  dot: css({
    w: '2',
    h: '2',
    borderRadius: 'full',
    bg: 'fg.muted',
    animation: 'typingDot 1.2s infinite ease-in-out',
    _motionReduce: { animation: 'none' },
  }),
  loading: css({ display: 'flex', justifyContent: 'center', py: '12' }),
  error: css({ textStyle: 'small', color: 'danger.fg', textAlign: 'center', py: '8' }),
  start: css({ textAlign: 'center', textStyle: 'small', color: 'fg.muted', py: '8' }),
  flaggedOwn: css({ display: 'flex', alignItems: 'center', gap: '1', textStyle: 'caption', color: 'fg.muted', mt: '1', px: '1' }),
}

// Raw style objects, merged by `css()` so a prayer or verse colour wins over the own/theirs colour.
const bubble = {
  base: css.raw({
    px: '4',
    py: '2.5',
    borderRadius: '2xl',
    textStyle: 'body',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    boxShadow: 'xs',
  }),
  own: css.raw({ bg: 'brand.solid', color: 'fg.onBrand', borderBottomRightRadius: 'sm' }),
  theirs: css.raw({
    bg: 'bg.surface',
    color: 'fg.default',
    borderWidth: 'thin',
    borderColor: 'border.subtle',
    borderBottomLeftRadius: 'sm',
  }),
  prayer_request: css.raw({ bg: 'accent.subtle', color: 'fg.default', borderWidth: 'thin', borderColor: 'accent.border' }),
  verse_share: css.raw({
    bg: 'info.subtle',
    color: 'fg.default',
    borderWidth: 'thin',
    borderColor: 'info.border',
    fontFamily: 'heading',
    fontStyle: 'italic',
  }),
}

const kinds = {
  prayer_request: { label: 'Prayer request', Icon: HandHeart },
  verse_share: { label: 'Verse', Icon: BookOpen },
} as const

export function MessageThread({ conversation, memberId }: { conversation: Conversation; memberId: string }) {
  const partner = partnerOf(conversation, memberId)
  const name = `${partner.firstName} ${partner.lastName}`
  const online = useIsOnline(partner.id)
  const typing = useTypingIn(conversation.id) === partner.id
  const [dialog, setDialog] = useState<'block' | 'report' | 'report-scam' | null>(null)
  const thread = useInfiniteQuery(
    trpc.messaging.messages.infiniteQueryOptions({ conversationId: conversation.id }, { getNextPageParam: (page) => page.nextCursor }),
  )
  const messages = thread.data ? [...thread.data.pages].reverse().flatMap((page) => page.messages) : []
  // Sent and not yet answered: shown after the thread until the stored message takes its place.
  const onTheirWay = useMessagesOnTheirWay(conversation.id).filter(
    (input) => !messages.some((message) => message.clientMessageId === input.clientMessageId),
  )
  const markRead = useMutation(trpc.messaging.markRead.mutationOptions({ onSuccess: () => void refreshConversations() }))

  const unreadFromPartner = messages.some((message) => message.senderId !== memberId && !message.isRead)
  // biome-ignore lint/correctness/useExhaustiveDependencies: marking read follows seeing new messages, not the mutation's own state
  useEffect(() => {
    if (unreadFromPartner && !markRead.isPending) markRead.mutate({ conversationId: conversation.id })
  }, [unreadFromPartner, conversation.id])

  // The thread follows the newest message, and the typing dots when they appear.
  const scroller = useRef<HTMLDivElement>(null)
  const newestId = onTheirWay.at(-1)?.clientMessageId ?? messages.at(-1)?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: the newest message and the typing dots are what move the thread
  useLayoutEffect(() => {
    const element = scroller.current
    if (element) element.scrollTop = element.scrollHeight
  }, [newestId, typing])

  const partnerMember = { userId: partner.id, firstName: partner.firstName }
  return (
    <section className={styles.panel} aria-label={`Conversation with ${name}`}>
      <header className={styles.header}>
        <Button asChild variant="ghost" size="sm" className={styles.back}>
          <Link to="/messaging" aria-label="Back to conversations">
            <ArrowLeft size={18} aria-hidden="true" />
          </Link>
        </Button>
        <Avatar name={name} src={partner.profileImageUrl} size={40} />
        <div className={styles.who}>
          <h2 className={styles.name}>{name}</h2>
          <p className={styles.status}>
            {online ? (
              <>
                <span className={styles.onlineDot} aria-hidden="true" />
                <span className={styles.online}>Online now</span>
              </>
            ) : (
              'Last seen recently'
            )}
          </p>
        </div>
        <div className={styles.actions}>
          <Button variant="ghost" size="sm" onClick={() => setDialog('report')} aria-label={`Report ${partner.firstName}`}>
            <Flag size={16} aria-hidden="true" />
            <span className={styles.actionLabel}>Report</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDialog('block')} aria-label={`Block ${partner.firstName}`}>
            <ShieldBan size={16} aria-hidden="true" />
            <span className={styles.actionLabel}>Block</span>
          </Button>
        </div>
      </header>

      <div ref={scroller} className={styles.scroller}>
        {thread.isPending ? (
          <div className={styles.loading}>
            <Spinner label="Loading messages" />
          </div>
        ) : thread.isError ? (
          <p className={styles.error} role="alert">
            {thread.error.message}
          </p>
        ) : (
          <>
            {thread.hasNextPage && (
              <div className={styles.earlier}>
                <Button variant="outline" size="sm" loading={thread.isFetchingNextPage} onClick={() => void thread.fetchNextPage()}>
                  Earlier messages
                </Button>
              </div>
            )}
            {messages.length === 0 && onTheirWay.length === 0 && (
              <p className={styles.start}>You matched with {partner.firstName}. Say hello!</p>
            )}
            <ol className={styles.list} aria-label="Messages">
              {messages.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  own={message.senderId === memberId}
                  onReport={() => setDialog('report-scam')}
                  partnerName={partner.firstName}
                />
              ))}
              {onTheirWay.map((input) => (
                <MessageOnItsWay key={input.clientMessageId} input={input} />
              ))}
            </ol>
            {typing && (
              <div className={styles.typing} role="status" aria-label={`${partner.firstName} is typing`}>
                {[0, 0.15, 0.3].map((delay) => (
                  <span key={delay} className={styles.dot} style={{ animationDelay: `${delay}s` }} />
                ))}
              </div>
            )}
          </>
        )}
      </div>

      <Composer conversationId={conversation.id} earlierMessages={thread.hasNextPage ? Number.POSITIVE_INFINITY : messages.length} />
      <BlockDialog
        member={partnerMember}
        open={dialog === 'block'}
        onOpenChange={(open) => setDialog(open ? 'block' : null)}
        onDone={() => void refreshConversations()}
      />
      <ReportDialog
        member={partnerMember}
        conversationId={conversation.id}
        open={dialog === 'report'}
        onOpenChange={(open) => setDialog(open ? 'report' : null)}
      />
      <ReportDialog
        member={partnerMember}
        conversationId={conversation.id}
        reason="scam"
        open={dialog === 'report-scam'}
        onOpenChange={(open) => setDialog(open ? 'report-scam' : null)}
      />
    </section>
  )
}

function MessageBubble({
  message,
  own,
  onReport,
  partnerName,
}: {
  message: Message
  own: boolean
  onReport: () => void
  partnerName: string
}) {
  return (
    <li className={cx(styles.row, own ? styles.own : styles.theirs)}>
      <Bubble content={message.content} messageType={message.messageType} own={own} />
      <span className={styles.meta}>
        <time dateTime={message.createdAt.toISOString()} title={messageTime(message.createdAt)}>
          {clockTime(message.createdAt)}
        </time>
        {own && <DeliveryState message={message} />}
      </span>
      {message.scamSignals &&
        (own ? (
          <span className={styles.flaggedOwn}>
            <ShieldAlert size={12} aria-hidden="true" /> Sent with a safety note for {partnerName}
          </span>
        ) : (
          <ScamSafetyNote signals={message.scamSignals} onReport={onReport} senderName={partnerName} />
        ))}
    </li>
  )
}

function MessageOnItsWay({ input }: { input: PostMessageInput }) {
  return (
    <li className={cx(styles.row, styles.own, styles.onItsWay)}>
      <Bubble content={input.content} messageType={input.messageType ?? 'text'} own />
      <span className={styles.meta}>
        <Clock size={14} aria-hidden="true" /> Sending...
      </span>
    </li>
  )
}

function Bubble({ content, messageType, own }: { content: string; messageType: MessageType; own: boolean }) {
  const kind = messageType === 'text' ? null : kinds[messageType]
  return (
    <div className={css(bubble.base, own ? bubble.own : bubble.theirs, messageType !== 'text' && bubble[messageType])}>
      {kind && (
        <span className={styles.kind}>
          <kind.Icon size={12} aria-hidden="true" /> {kind.label}
        </span>
      )}
      {content}
    </div>
  )
}

function DeliveryState({ message }: { message: Message }) {
  if (message.isRead) {
    return (
      <span className={styles.read}>
        <CheckCheck size={14} aria-hidden="true" /> Read
      </span>
    )
  }
  return message.isDelivered ? (
    <>
      <CheckCheck size={14} aria-hidden="true" /> Delivered
    </>
  ) : (
    <>
      <Check size={14} aria-hidden="true" /> Sent
    </>
  )
}
