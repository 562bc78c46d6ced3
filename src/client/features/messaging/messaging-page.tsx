import { useQuery } from '@tanstack/react-query'
import { MessagesSquare } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useCurrentUser } from '#client/features/auth/session.ts'
import { trpc } from '#client/lib/trpc.ts'
import { ConversationList } from './conversation-list'
import { MessageThread } from './message-thread'

const styles = {
  frame: cx(
    card({ elevation: 'xs' }).root,
    css({
      display: 'grid',
      gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: '22rem minmax(0, 1fr)' },
      // The panes scroll inside the frame, which fills the screen below the navigation.
      h: { base: 'calc(100dvh - token(spacing.40))', md: 'calc(100dvh - token(spacing.52))' },
      minH: '96',
      overflow: 'hidden',
    }),
  ),
  list: css({ borderRightWidth: { lg: 'thin' }, borderColor: 'border.subtle', minH: '0' }),
  thread: css({ minH: '0' }),
  // On a phone one pane shows at a time: the list, or the chosen thread.
  hiddenOnPhone: css({ display: { base: 'none', lg: 'block' } }),
  none: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '3',
    h: 'full',
    p: '8',
    textAlign: 'center',
  }),
  noneIcon: css({ color: 'brand.fg' }),
  noneTitle: css({ textStyle: 'h4', color: 'fg.default' }),
  noneText: css({ textStyle: 'small', color: 'fg.muted', maxW: 'xs' }),
  loading: css({ display: 'flex', justifyContent: 'center', py: '16' }),
}

export function MessagingPage({ conversationId }: { conversationId: string | undefined }) {
  const { user } = useCurrentUser()
  const conversations = useQuery(trpc.messaging.conversations.queryOptions())
  const selected = conversations.data?.find((conversation) => conversation.id === conversationId)

  return (
    <>
      <PageTitle title="Messages" />
      {conversations.isPending || !user ? (
        <div className={styles.loading}>
          <Spinner label="Loading conversations" />
        </div>
      ) : conversations.isError ? (
        <p role="alert">{conversations.error.message}</p>
      ) : (
        <div className={styles.frame}>
          <div className={cx(styles.list, selected && styles.hiddenOnPhone)}>
            <ConversationList conversations={conversations.data} memberId={user.id} selectedId={selected?.id} />
          </div>
          <div className={cx(styles.thread, !selected && styles.hiddenOnPhone)}>
            {selected ? (
              <MessageThread key={selected.id} conversation={selected} memberId={user.id} />
            ) : (
              <div className={styles.none}>
                <MessagesSquare size={40} className={styles.noneIcon} aria-hidden="true" />
                <p className={styles.noneTitle}>Select a conversation</p>
                <p className={styles.noneText}>Choose someone on the left to read and reply. Messages arrive here as they are sent.</p>
              </div>
            )}
          </div>
        </div>
      )}
    </>
  )
}
