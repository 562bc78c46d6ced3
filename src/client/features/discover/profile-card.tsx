import { BadgeCheck, Church, Eye, Heart, MapPin, Sparkles, X } from 'lucide-react'
import type { CSSProperties } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { MemberPhoto } from '#client/features/members/member-photo.tsx'
import { useLike } from '#client/features/members/use-like.ts'
import type { RouterOutputs } from '#client/lib/trpc.ts'
import { BIO_CLAMP_LINES } from '#client/lib/ui-timings.ts'
import { denominationLabel } from '#shared/schemas/profile-options.ts'

export type DiscoverProfile = RouterOutputs['members']['discover']['profiles'][number]

const styles = {
  card: cx(
    card({ elevation: 'sm' }).root,
    css({
      display: 'flex',
      flexDirection: 'column',
      h: 'full',
      overflow: 'hidden',
      transitionProperty: 'box-shadow, border-color',
      transitionDuration: 'normal',
      _hover: { boxShadow: 'md', borderColor: 'border.default' },
    }),
  ),
  spotlight: css({ borderColor: 'accent.border', boxShadow: 'md' }),
  photo: css({ position: 'relative' }),
  spotlightBadge: css({ position: 'absolute', top: '3', insetInlineStart: '3', boxShadow: 'sm' }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1', px: '5', pt: '4', pb: '2' }),
  nameRow: css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: '2', rowGap: '1' }),
  name: css({ textStyle: 'h4', color: 'fg.default' }),
  facts: css({ display: 'flex', flexDirection: 'column', gap: '1', textStyle: 'small', color: 'fg.muted' }),
  fact: css({ display: 'flex', alignItems: 'center', gap: '1.5', '& svg': { flexShrink: 0, color: 'brand.fg' } }),
  reasons: css({ textStyle: 'caption', color: 'fg.subtle' }),
  bio: css({ textStyle: 'small', color: 'fg.default', mt: '1', lineClamp: 'var(--bio-lines)' }),
  actions: css({
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
    gap: '2',
    px: { base: '4', md: '5' },
    pt: '2',
    pb: { base: '4', md: '5' },
  }),
  view: css({ px: '3' }),
}

const bioLines = { '--bio-lines': BIO_CLAMP_LINES } as CSSProperties

/**
 * The spec's profile card: photo, name, Verified badge, place, denomination, a 3-line bio, Like and
 * View, with a quiet line on why the member is shown and a Pass; this week's spotlight members wear a
 * Spotlight label on their photo.
 */
export function ProfileCard({
  profile,
  onView,
  onPass,
}: {
  profile: DiscoverProfile
  onView: (userId: string) => void
  onPass: (profile: DiscoverProfile) => void
}) {
  const like = useLike()
  const { firstName, profileImageUrl } = profile.user
  const nameId = `member-${profile.userId}`
  return (
    <article className={cx(styles.card, profile.spotlight && styles.spotlight)} aria-labelledby={nameId}>
      <div className={styles.photo}>
        <MemberPhoto name={firstName} src={profileImageUrl} />
        {profile.spotlight && (
          <Badge variant="accent" size="md" className={styles.spotlightBadge}>
            <Sparkles size={14} aria-hidden="true" /> Spotlight
          </Badge>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.nameRow}>
          <h3 id={nameId} className={styles.name}>
            {firstName}, {profile.age}
          </h3>
          {profile.isVerified && (
            <Badge variant="success">
              <BadgeCheck size={12} aria-hidden="true" /> Verified
            </Badge>
          )}
        </div>
        <div className={styles.facts}>
          <p className={styles.fact}>
            <MapPin size={14} aria-hidden="true" /> {profile.location}
          </p>
          {profile.denomination && (
            <p className={styles.fact}>
              <Church size={14} aria-hidden="true" /> {denominationLabel(profile.denomination)}
            </p>
          )}
        </div>
        {profile.reasons.length > 0 && <p className={styles.reasons}>{profile.reasons.join(' · ')}</p>}
        {profile.bio && (
          <p className={styles.bio} style={bioLines}>
            {profile.bio}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <Button
          onClick={() => like.mutate({ receiverId: profile.userId })}
          disabled={like.isPending}
          aria-label={like.isPending ? undefined : `Like ${firstName}`}
        >
          {like.isPending ? (
            'Sending...'
          ) : (
            <>
              <Heart size={18} aria-hidden="true" /> Like
            </>
          )}
        </Button>
        <Button variant="outline" onClick={() => onPass(profile)} aria-label={`Pass on ${firstName}`}>
          <X size={18} aria-hidden="true" /> Pass
        </Button>
        <Button
          variant="ghost"
          className={styles.view}
          onClick={() => onView(profile.userId)}
          aria-label={`View ${firstName}'s profile`}
          title="View profile"
        >
          <Eye size={18} aria-hidden="true" />
        </Button>
      </div>
    </article>
  )
}
