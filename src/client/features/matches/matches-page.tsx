import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Eye, HeartHandshake, HeartOff, MapPin, MessageCircle } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { placeholderKeys, Skeleton } from '#client/components/ui/skeleton.tsx'
import { MemberPhoto } from '#client/features/members/member-photo.tsx'
import { MemberProfileDialog } from '#client/features/members/member-profile-dialog.tsx'
import { refreshDiscover, refreshMatches, refreshMember } from '#client/features/members/member-updates.ts'
import { toast } from '#client/lib/toast.ts'
import { type RouterOutputs, trpc } from '#client/lib/trpc.ts'

type Match = RouterOutputs['matches']['list'][number]

const matchedOn = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' })

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
  }),
  card: cx(
    card({ elevation: 'xs' }).root,
    css({
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr)',
      gap: '4',
      p: '4',
    }),
  ),
  photo: css({ w: '24', borderRadius: 'control' }),
  info: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  name: css({ textStyle: 'h4', color: 'fg.default' }),
  meta: css({ display: 'flex', alignItems: 'center', gap: '1.5', textStyle: 'small', color: 'fg.muted', '& svg': { flexShrink: 0 } }),
  since: css({ textStyle: 'caption', color: 'fg.subtle' }),
  actions: css({
    gridColumn: '1 / -1',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    pt: '3',
    borderTopWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  unmatch: css({ ms: 'auto', color: 'fg.muted', _hover: { color: 'danger.fg', bg: 'danger.subtle' } }),
  skeleton: css({ h: '44', borderRadius: 'card' }),
  emptyText: css({ textStyle: 'body', color: 'fg.muted', maxW: 'md' }),
  text: css({ textStyle: 'body', color: 'fg.default' }),
}

/** Whom the member matched with (both liked each other), newest first; each can be messaged, viewed or unmatched. */
export function MatchesPage() {
  const matches = useQuery(trpc.matches.list.queryOptions())
  const [viewing, setViewing] = useState<{ userId: string | null; open: boolean }>({ userId: null, open: false })
  const [unmatching, setUnmatching] = useState<Match | null>(null)

  return (
    <>
      <PageTitle title="Your Matches" description="Believers who liked you back. Say hello and get to know each other." />
      {matches.isPending ? (
        <div className={styles.grid} role="status" aria-busy="true" aria-label="Loading matches">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} className={styles.skeleton} />
          ))}
        </div>
      ) : matches.isError ? (
        <p className={styles.emptyText} role="alert">
          {matches.error.message}
        </p>
      ) : matches.data.length === 0 ? (
        <EmptyState
          icon={HeartHandshake}
          iconSize={40}
          title="No matches yet"
          action={
            <Button asChild>
              <Link to="/">Discover Believers</Link>
            </Button>
          }
        >
          When someone you liked likes you back, you will find them here. Keep praying and keep discovering.
        </EmptyState>
      ) : (
        <ul className={styles.grid} aria-label="Matches">
          {matches.data.map((match) => (
            <li key={match.id}>
              <MatchCard
                match={match}
                onView={() => setViewing({ userId: match.user.id, open: true })}
                onUnmatch={() => setUnmatching(match)}
              />
            </li>
          ))}
        </ul>
      )}
      <MemberProfileDialog
        userId={viewing.userId}
        open={viewing.open}
        onOpenChange={(open) => setViewing((current) => ({ ...current, open }))}
      />
      {unmatching && <UnmatchDialog match={unmatching} onClose={() => setUnmatching(null)} />}
    </>
  )
}

function MatchCard({ match, onView, onUnmatch }: { match: Match; onView: () => void; onUnmatch: () => void }) {
  const { user } = match
  const nameId = `match-${match.id}`
  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <MemberPhoto name={user.firstName} src={user.profileImageUrl} sizes="6rem" className={styles.photo} />
      <div className={styles.info}>
        <h2 id={nameId} className={styles.name}>
          {user.age === null ? user.firstName : `${user.firstName}, ${user.age}`}
        </h2>
        {user.location && (
          <p className={styles.meta}>
            <MapPin size={14} aria-hidden="true" /> {user.location}
          </p>
        )}
        <p className={styles.since}>Matched on {matchedOn.format(match.matchedAt)}</p>
      </div>
      <div className={styles.actions}>
        <Button asChild size="sm">
          <Link to="/messaging" search={{ conversation: match.conversationId ?? undefined }} aria-label={`Message ${user.firstName}`}>
            <MessageCircle size={16} aria-hidden="true" /> Message
          </Link>
        </Button>
        <Button size="sm" variant="outline" onClick={onView} aria-label={`View ${user.firstName}'s profile`}>
          <Eye size={16} aria-hidden="true" /> View
        </Button>
        <Button size="sm" variant="ghost" className={styles.unmatch} onClick={onUnmatch} aria-label={`Unmatch ${user.firstName}`}>
          <HeartOff size={16} aria-hidden="true" /> Unmatch
        </Button>
      </div>
    </article>
  )
}

function UnmatchDialog({ match, onClose }: { match: Match; onClose: () => void }) {
  const { firstName, id: userId } = match.user
  const unmatch = useMutation(
    trpc.matches.remove.mutationOptions({
      onSuccess: () => {
        onClose()
        void refreshMatches()
        void refreshMember(userId)
        void refreshDiscover()
        toast({ title: 'Unmatched', description: `You and ${firstName} are no longer matched.` })
      },
      meta: { failure: { title: 'Unmatch failed' } },
    }),
  )
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Unmatch ${firstName}?`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button variant="danger" loading={unmatch.isPending} onClick={() => unmatch.mutate({ id: match.id })}>
              Unmatch
            </Button>
          </>
        }
      >
        <p className={styles.text}>
          Your conversation with {firstName} will close and you will both be removed from each other's matches. Only two new likes can make
          a match again.
        </p>
      </DialogContent>
    </Dialog>
  )
}
