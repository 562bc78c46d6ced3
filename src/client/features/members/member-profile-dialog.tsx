import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BadgeCheck, Ban, Eye, Flag, Heart, HeartHandshake, MessageCircle } from 'lucide-react'
import { Fragment, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { ChurchVouchedBadge } from '#client/features/vouch/church-vouched-badge.tsx'
import { type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { distanceBucketLabel } from '#shared/content/distance.ts'
import { denominationLabel, faithJourneyLabel } from '#shared/schemas/profile-options.ts'
import { LikeNoteDialog, type LikeTarget } from './like-note-dialog'
import { MemberPhoto } from './member-photo'
import { BlockDialog, ReportDialog } from './safety-dialogs'

type MemberProfile = RouterOutputs['members']['byId']

const styles = {
  layout: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '2fr 3fr' }, gap: { base: '5', md: '6' }, alignItems: 'start' }),
  gallery: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    maxW: { base: '64', md: 'none' },
    w: 'full',
    mx: { base: 'auto', md: '0' },
  }),
  photoFrame: css({ position: 'relative' }),
  mainPhoto: css({ borderRadius: 'card' }),
  // Bottom start: the bottom end carries the "Illustration" label.
  photoLike: css({ position: 'absolute', insetStart: '3', bottom: '3', boxShadow: 'md' }),
  prompts: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  prompt: css({
    display: 'flex',
    alignItems: 'flex-start',
    gap: '3',
    p: '4',
    borderRadius: 'card',
    bg: 'bg.muted',
  }),
  promptText: css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minW: '0' }),
  promptQuestion: css({ textStyle: 'small', fontWeight: 'semibold', color: 'fg.muted' }),
  promptAnswer: css({ textStyle: 'body', color: 'fg.default', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }),
  promptLike: css({ flexShrink: 0 }),
  thumbs: css({ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '2' }),
  thumb: css({
    borderRadius: 'md',
    overflow: 'hidden',
    borderWidth: 'thick',
    borderColor: 'transparent',
    cursor: 'pointer',
    '&[aria-pressed=true]': { borderColor: 'brand.solid' },
    focusVisibleRing: 'outside',
  }),
  thumbImage: css({ display: 'block', w: 'full', aspectRatio: 'square', objectFit: 'cover' }),
  details: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  badges: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  sectionTitle: css({ textStyle: 'overline', color: 'accent.fg', mb: '2' }),
  bio: css({ textStyle: 'body', color: 'fg.default', whiteSpace: 'pre-line' }),
  facts: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' },
    columnGap: '4',
    rowGap: { base: '0.5', sm: '2' },
    textStyle: 'small',
  }),
  term: css({ color: 'fg.muted', fontWeight: 'medium', '&:not(:first-of-type)': { mt: { base: '2', sm: '0' } } }),
  value: css({ color: 'fg.default' }),
  status: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    p: '3',
    borderRadius: 'control',
    bg: 'brand.subtle',
    color: 'brand.fg',
    textStyle: 'small',
    fontWeight: 'medium',
  }),
  footer: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    // Long names and a second action wrap onto their own line instead of spilling past the dialog.
    flexWrap: { sm: 'wrap' },
    gap: '3',
    w: 'full',
  }),
  safety: css({ display: 'flex', gap: '1', order: { base: 1, sm: 0 }, justifyContent: { base: 'center', sm: 'flex-start' } }),
  primary: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    flexWrap: { sm: 'wrap' },
    justifyContent: { sm: 'flex-end' },
    gap: '3',
    ms: { sm: 'auto' },
  }),
  quiet: css({ color: 'fg.muted', _hover: { color: 'danger.fg', bg: 'danger.subtle' } }),
  loading: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '2fr 3fr' }, gap: '6' }),
  loadingPhoto: css({ w: 'full', aspectRatio: 'square', borderRadius: 'card' }),
  loadingLines: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  error: css({ textStyle: 'body', color: 'fg.muted' }),
}

export interface MemberProfileDialogProps {
  userId: string | null
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The member's own profile as others see it: nothing to like, block or report. */
  preview?: boolean
}

/**
 * Another member's whole profile (photos, prompts, faith, about), with Like (a note optional, on the
 * profile, a prompt or the photo), Block and Report.
 */
export function MemberProfileDialog({ userId, open, onOpenChange, preview = false }: MemberProfileDialogProps) {
  const [likeTarget, setLikeTarget] = useState<LikeTarget | null>(null)
  const profile = useQuery({ ...trpc.members.byId.queryOptions({ userId: userId ?? '' }), enabled: Boolean(userId) })
  const data = profile.data
  const title = data ? (data.age === null ? data.firstName : `${data.firstName}, ${data.age}`) : 'Member profile'
  const description = data
    ? [data.location, data.distance && distanceBucketLabel(data.distance)].filter(Boolean).join(' · ') || undefined
    : undefined
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        focusableBody
        title={title}
        description={description}
        footer={data && !preview ? <ProfileActions profile={data} onLike={setLikeTarget} onClose={() => onOpenChange(false)} /> : undefined}
      >
        {data ? (
          <ProfileDetails key={data.userId} profile={data} preview={preview} onLike={setLikeTarget} />
        ) : profile.isError ? (
          <p className={styles.error}>{profile.error.message}</p>
        ) : (
          <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading profile">
            <Skeleton className={styles.loadingPhoto} />
            <div className={styles.loadingLines}>
              <Skeleton className={css({ h: '5', w: '2/3' })} />
              <Skeleton className={css({ h: '4', w: 'full' })} />
              <Skeleton className={css({ h: '4', w: 'full' })} />
              <Skeleton className={css({ h: '4', w: '1/2' })} />
            </div>
          </div>
        )}
      </DialogContent>
      {data && !preview && (
        <LikeNoteDialog
          member={data}
          target={likeTarget}
          onOpenChange={(next) => {
            if (!next) setLikeTarget(null)
          }}
        />
      )}
    </Dialog>
  )
}

interface ProfileDetailsProps {
  profile: MemberProfile
  preview: boolean
  onLike: (target: LikeTarget) => void
}

function ProfileDetails({ profile, preview, onLike }: ProfileDetailsProps) {
  const [shown, setShown] = useState(0)
  const photo = profile.photos[shown] ?? profile.photos[0]
  const facts = [
    { term: 'Denomination', value: denominationLabel(profile.denomination) },
    { term: 'Church', value: profile.churchName },
    { term: 'Faith journey', value: profile.faithJourney ? faithJourneyLabel(profile.faithJourney) : '' },
    { term: 'Spiritual gifts', value: profile.spiritualGifts },
  ].filter((fact) => fact.value)
  const { relationship } = profile
  // One like per member: once liked or matched, nothing on the profile offers another.
  const canLike = !preview && !relationship.liked && !relationship.matchId
  return (
    <div className={styles.layout}>
      <div className={styles.gallery}>
        <div className={styles.photoFrame}>
          <MemberPhoto
            name={profile.firstName}
            src={photo?.url ?? null}
            isIllustration={photo?.isIllustration}
            className={styles.mainPhoto}
          />
          {canLike && photo && (
            <Button
              size="sm"
              variant="outline"
              className={styles.photoLike}
              aria-label={`Like ${profile.firstName}'s photo`}
              onClick={() => onLike({ kind: 'photo', photoId: photo.id, url: photo.url })}
            >
              <Heart size={16} aria-hidden="true" /> Like
            </Button>
          )}
        </div>
        {profile.photos.length > 1 && (
          <fieldset className={styles.thumbs} aria-label="Photos">
            {profile.photos.map((item, index) => (
              <button
                key={item.id}
                type="button"
                className={styles.thumb}
                aria-pressed={index === shown}
                aria-label={`Photo ${index + 1} of ${profile.photos.length}`}
                onClick={() => setShown(index)}
              >
                <img src={item.url} alt="" className={styles.thumbImage} />
              </button>
            ))}
          </fieldset>
        )}
      </div>
      <div className={styles.details}>
        {(profile.isVerified || profile.isChurchVouched || profile.isSabbathKeeper) && (
          <div className={styles.badges}>
            {profile.isVerified && (
              <Badge variant="success" size="md">
                <BadgeCheck size={14} aria-hidden="true" /> Verified
              </Badge>
            )}
            {profile.isChurchVouched && <ChurchVouchedBadge />}
            {profile.isSabbathKeeper && (
              <Badge variant="accent" size="md">
                Sabbath Keeper
              </Badge>
            )}
          </div>
        )}
        {preview ? (
          <p className={styles.status}>
            <Eye size={18} aria-hidden="true" /> This is how other members see your profile.
          </p>
        ) : relationship.matchId ? (
          <p className={styles.status}>
            <HeartHandshake size={18} aria-hidden="true" /> You and {profile.firstName} are a match.
          </p>
        ) : relationship.liked ? (
          <p className={styles.status}>
            <Heart size={18} aria-hidden="true" /> You liked {profile.firstName}. If they like you back, it's a match!
          </p>
        ) : null}
        {profile.bio && (
          <section aria-label="About">
            <h3 className={styles.sectionTitle}>About {profile.firstName}</h3>
            <p className={styles.bio}>{profile.bio}</p>
          </section>
        )}
        {profile.prompts.length > 0 && (
          <section aria-label="Prompts" className={styles.prompts}>
            {profile.prompts.map((item) => (
              <figure key={item.promptId} className={styles.prompt}>
                <div className={styles.promptText}>
                  <figcaption className={styles.promptQuestion}>{item.prompt}</figcaption>
                  <p className={styles.promptAnswer}>{item.answer}</p>
                </div>
                {canLike && (
                  <Button
                    size="sm"
                    variant="outline"
                    className={styles.promptLike}
                    aria-label={`Like ${profile.firstName}'s answer to ${item.prompt}`}
                    onClick={() => onLike({ kind: 'prompt', ...item })}
                  >
                    <Heart size={16} aria-hidden="true" /> Like
                  </Button>
                )}
              </figure>
            ))}
          </section>
        )}
        {facts.length > 0 && (
          <section aria-label="Faith">
            <h3 className={styles.sectionTitle}>Faith</h3>
            <dl className={styles.facts}>
              {facts.map((fact) => (
                <Fragment key={fact.term}>
                  <dt className={styles.term}>{fact.term}</dt>
                  <dd className={styles.value}>{fact.value}</dd>
                </Fragment>
              ))}
            </dl>
          </section>
        )}
      </div>
    </div>
  )
}

interface ProfileActionsProps {
  profile: MemberProfile
  onLike: (target: LikeTarget) => void
  onClose: () => void
}

function ProfileActions({ profile, onLike, onClose }: ProfileActionsProps) {
  const [safety, setSafety] = useState<'block' | 'report' | null>(null)
  const { relationship } = profile
  const member = { userId: profile.userId, firstName: profile.firstName }
  return (
    <div className={styles.footer}>
      <div className={styles.safety}>
        <Button variant="ghost" size="sm" className={styles.quiet} onClick={() => setSafety('block')}>
          <Ban size={16} aria-hidden="true" /> Block
        </Button>
        <Button variant="ghost" size="sm" className={styles.quiet} onClick={() => setSafety('report')}>
          <Flag size={16} aria-hidden="true" /> Report
        </Button>
      </div>
      <div className={styles.primary}>
        {relationship.matchId ? (
          <Button asChild variant="outline">
            <Link to="/messaging" search={{ conversation: relationship.conversationId ?? undefined }}>
              <MessageCircle size={18} aria-hidden="true" /> Message {profile.firstName}
            </Link>
          </Button>
        ) : (
          <>
            {/* The longer way to say hello: a Thoughtful Interest, sent once to a member. */}
            {!relationship.interestSent && !relationship.liked && (
              <Button asChild variant="outline">
                <Link to="/interests" search={{ member: profile.userId }}>
                  <HeartHandshake size={18} aria-hidden="true" /> Send Thoughtful Interest
                </Link>
              </Button>
            )}
            <Button disabled={relationship.liked} onClick={() => onLike({ kind: 'profile' })}>
              <Heart size={18} aria-hidden="true" className={cx(relationship.liked && css({ fill: 'currentColor' }))} />
              {relationship.liked ? 'Liked' : 'Like'}
            </Button>
          </>
        )}
      </div>
      <BlockDialog member={member} open={safety === 'block'} onOpenChange={(open) => setSafety(open ? 'block' : null)} onDone={onClose} />
      <ReportDialog
        member={member}
        open={safety === 'report'}
        onOpenChange={(open) => setSafety(open ? 'report' : null)}
        onDone={onClose}
      />
    </div>
  )
}
