import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Heart, Lock, MapPin, X } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { placeholderKeys, Skeleton } from '#client/components/ui/skeleton.tsx'
import { UpgradeButton } from '#client/features/billing/upgrade-button.tsx'
import { MemberPhoto } from '#client/features/members/member-photo.tsx'
import { dropFromDiscover } from '#client/features/members/member-updates.ts'
import { ReportDialog } from '#client/features/members/safety-dialogs.tsx'
import { ScamSafetyNote } from '#client/features/members/scam-safety-note.tsx'
import { useLike } from '#client/features/members/use-like.ts'
import { relativeTime, timePreferenceLabel } from '#client/features/notifications/notification-content.ts'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { interestTypeLabel } from '#shared/content/interest-types.ts'
import { planName } from '#shared/content/plans.ts'
import { likeWithNoteLabel, PromptQuote } from './interest-about'
import { refreshLikesYou } from './likes-updates'

type LikesYou = RouterOutputs['likes']['received']
type Admirer = LikesYou['members'][number]

/** The free plan sees how many, never who: a few blurred cards stand for them. */
const LOCKED_PLACEHOLDERS = 4

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
    gap: '5',
  }),
  card: cx(card({ elevation: 'sm' }).root, css({ display: 'flex', flexDirection: 'column', h: 'full', overflow: 'hidden' })),
  body: css({ display: 'flex', flexDirection: 'column', gap: '1.5', flex: '1', px: '5', pt: '4', pb: '3' }),
  name: css({ textStyle: 'h4', color: 'fg.default' }),
  place: css({ display: 'flex', alignItems: 'center', gap: '1.5', textStyle: 'small', color: 'fg.muted', '& svg': { flexShrink: 0 } }),
  when: css({ textStyle: 'caption', color: 'fg.subtle' }),
  interest: cx(card({ variant: 'brandSubtle' }).root, css({ display: 'flex', flexDirection: 'column', gap: '1.5', p: '3', mt: '2' })),
  interestType: css({ alignSelf: 'flex-start' }),
  message: css({ textStyle: 'small', fontStyle: 'italic', color: 'fg.default', whiteSpace: 'pre-line' }),
  detail: css({ textStyle: 'caption', color: 'fg.muted' }),
  detailLabel: css({ fontWeight: 'semibold' }),
  actions: css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', px: '5', pb: '5', pt: '2' }),
  skeleton: css({ h: '96', borderRadius: 'card' }),
  error: css({ textStyle: 'body', color: 'danger.fg' }),
  locked: cx(
    card({ variant: 'accent', elevation: 'sm' }).root,
    css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '3', px: '6', py: '8', mb: '6' }),
  ),
  lockIcon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '12',
    h: '12',
    borderRadius: 'full',
    bg: 'bg.surface',
    color: 'accent.fg',
  }),
  lockedTitle: css({ textStyle: 'h3', color: 'fg.default' }),
  lockedText: css({ textStyle: 'body', color: 'fg.muted', maxW: 'lg' }),
  lockedActions: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3' }),
  // Nobody's face is in the page: the blur falls on a plain shape, and screen readers skip it.
  blurredPhoto: css({
    aspectRatio: '4/3',
    bgGradient: 'to-br',
    gradientFrom: 'brand.muted',
    gradientTo: 'accent.subtle',
    filter: 'blur(8px)',
  }),
  blurredLine: css({ h: '4', borderRadius: 'full', bg: 'bg.muted', filter: 'blur(2px)' }),
  blurredName: css({ w: '1/2' }),
  blurredPlace: css({ w: '2/3' }),
}

/** Who liked the member or sent them a Thoughtful Interest and is not yet answered: a premium feature. */
export function LikesPage() {
  const likes = useQuery(trpc.likes.received.queryOptions())
  return (
    <>
      <PageTitle
        title="Likes You"
        description="Believers who liked you, some with a note. Like them back to match, or pass: they are never told."
      />
      {likes.isPending ? (
        <div className={styles.grid} role="status" aria-busy="true" aria-label="Loading likes">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} className={styles.skeleton} />
          ))}
        </div>
      ) : likes.isError ? (
        <p className={styles.error} role="alert">
          {likes.error.message}
        </p>
      ) : likes.data.count === 0 ? (
        <EmptyState
          icon={Heart}
          iconSize={40}
          title="No new likes yet"
          action={
            <Button asChild>
              <Link to="/">Discover Believers</Link>
            </Button>
          }
        >
          When a believer likes you or sends you a Thoughtful Interest, you will find them here. A complete profile and a clear photo help
          them find you.
        </EmptyState>
      ) : likes.data.locked ? (
        <LockedLikes count={likes.data.count} />
      ) : (
        <ul className={styles.grid} aria-label="Members who like you">
          {likes.data.members.map((member) => (
            <li key={member.id}>
              <AdmirerCard member={member} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** Takes an answered member off the page at once; the server agrees on the refetch. */
function dropAdmirer(userId: string) {
  queryClient.setQueryData(trpc.likes.received.queryKey(), (data) =>
    data ? { ...data, count: Math.max(0, data.count - 1), members: data.members.filter((member) => member.id !== userId) } : data,
  )
  return refreshLikesYou()
}

function AdmirerCard({ member }: { member: Admirer }) {
  const [reporting, setReporting] = useState(false)
  const like = useLike(undefined, () => void dropAdmirer(member.id))
  const pass = useMutation(
    trpc.likes.pass.mutationOptions({
      // One pass hides the member from Discover as well.
      onSuccess: () => {
        void dropAdmirer(member.id)
        void dropFromDiscover(member.id)
      },
      meta: { failure: { title: 'Could not pass', description: 'Please try again.' } },
    }),
  )
  const nameId = `admirer-${member.id}`
  const place = [member.city, member.state].filter(Boolean).join(', ')
  const { interest } = member
  const time = interest ? timePreferenceLabel(interest.timePreference) : null
  // A general interest is what a like with a note is: it reads as the like it is, not as a kind of meeting.
  const isLikeWithNote = interest?.interestType === 'general'
  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <MemberPhoto name={member.firstName} src={member.photoUrl} />
      <div className={styles.body}>
        <h2 id={nameId} className={styles.name}>
          {member.age === null ? member.firstName : `${member.firstName}, ${member.age}`}
        </h2>
        {place && (
          <p className={styles.place}>
            <MapPin size={14} aria-hidden="true" /> {place}
          </p>
        )}
        <p className={styles.when}>
          {!interest ? 'Liked you' : isLikeWithNote ? likeWithNoteLabel(interest.about) : 'Sent you a Thoughtful Interest'}{' '}
          {relativeTime(member.likedAt)}
        </p>
        {interest && (
          <div className={styles.interest}>
            {!isLikeWithNote && (
              <Badge variant="accent" className={styles.interestType}>
                {interestTypeLabel(interest.interestType)}
              </Badge>
            )}
            {interest.about?.kind === 'prompt' && <PromptQuote about={interest.about} />}
            {interest.message && <p className={styles.message}>“{interest.message.trim()}”</p>}
            {interest.scamSignals && (
              <ScamSafetyNote signals={interest.scamSignals} senderName={member.firstName} onReport={() => setReporting(true)} />
            )}
            {interest.suggestedActivity && (
              <p className={styles.detail}>
                <span className={styles.detailLabel}>Suggested activity:</span> {interest.suggestedActivity}
              </p>
            )}
            {time && (
              <p className={styles.detail}>
                <span className={styles.detailLabel}>Time preference:</span> {time}
              </p>
            )}
          </div>
        )}
      </div>
      <div className={styles.actions}>
        <Button
          loading={like.isPending}
          disabled={pass.isPending}
          onClick={() => like.mutate({ receiverId: member.id })}
          aria-label={`Like ${member.firstName} back`}
        >
          <Heart size={18} aria-hidden="true" /> Like back
        </Button>
        <Button
          variant="outline"
          loading={pass.isPending}
          disabled={like.isPending}
          onClick={() => pass.mutate({ userId: member.id })}
          aria-label={`Pass on ${member.firstName}`}
        >
          <X size={18} aria-hidden="true" /> Pass
        </Button>
      </div>
      {interest?.scamSignals && (
        <ReportDialog
          member={{ userId: member.id, firstName: member.firstName }}
          reason="scam"
          open={reporting}
          onOpenChange={setReporting}
        />
      )}
    </article>
  )
}

function LockedLikes({ count }: { count: number }) {
  return (
    <>
      <section className={styles.locked} aria-labelledby="likes-locked">
        <span className={styles.lockIcon} aria-hidden="true">
          <Lock size={22} />
        </span>
        <h2 id="likes-locked" className={styles.lockedTitle}>
          {count === 1 ? '1 believer likes you' : `${count} believers like you`}
        </h2>
        <p className={styles.lockedText}>
          See who they are, read their Thoughtful Interests and like them back with {planName('premium')}. Every match starts with someone
          saying yes.
        </p>
        <div className={styles.lockedActions}>
          <UpgradeButton planId="premium" variant="accent" size="lg" />
          <Button asChild variant="link">
            <Link to="/pricing">Compare all plans</Link>
          </Button>
        </div>
      </section>
      <ul className={styles.grid} aria-hidden="true">
        {placeholderKeys(Math.min(count, LOCKED_PLACEHOLDERS)).map((key) => (
          <li key={key} className={styles.card}>
            <div className={styles.blurredPhoto} />
            <div className={styles.body}>
              <span className={cx(styles.blurredLine, styles.blurredName)} />
              <span className={cx(styles.blurredLine, styles.blurredPlace)} />
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}
