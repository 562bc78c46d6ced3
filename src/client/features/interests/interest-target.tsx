import { BadgeCheck, Cake, Church, MapPin } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Badge } from '#client/components/ui/badge.tsx'
import { MemberPhoto } from '#client/features/members/member-photo.tsx'
import type { RouterOutputs } from '#client/lib/trpc.ts'
import { denominationLabel } from '#shared/schemas/profile-options.ts'

export type InterestTargetProfile = RouterOutputs['members']['byId']

const styles = {
  card: cx(
    card({ elevation: 'sm' }).root,
    css({
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      p: { base: '5', md: '6' },
    }),
  ),
  top: css({ display: 'flex', alignItems: 'center', gap: '4' }),
  photo: css({ w: '20', flexShrink: 0, borderRadius: 'full' }),
  name: css({ textStyle: 'h3', color: 'fg.default' }),
  badges: css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', mt: '1' }),
  facts: css({ display: 'flex', flexDirection: 'column', gap: '1.5', textStyle: 'small', color: 'fg.muted' }),
  fact: css({ display: 'flex', alignItems: 'center', gap: '2', '& svg': { flexShrink: 0, color: 'brand.fg' } }),
  bio: css({
    textStyle: 'small',
    color: 'fg.default',
    whiteSpace: 'pre-line',
    pt: '4',
    borderTopWidth: 'thin',
    borderColor: 'border.subtle',
  }),
}

/** Whom the interest is for: avatar, name, age, denomination, city, the Sabbath Keeper badge and bio. */
export function InterestTarget({ profile }: { profile: InterestTargetProfile }) {
  return (
    <section className={styles.card} aria-label={`Sending to ${profile.firstName}`}>
      <div className={styles.top}>
        <MemberPhoto name={profile.firstName} src={profile.profileImageUrl} className={styles.photo} />
        <div>
          <h2 className={styles.name}>{profile.firstName}</h2>
          <div className={styles.badges}>
            {profile.isSabbathKeeper && <Badge variant="accent">Sabbath Keeper</Badge>}
            {profile.isVerified && (
              <Badge variant="success">
                <BadgeCheck size={12} aria-hidden="true" /> Verified
              </Badge>
            )}
          </div>
        </div>
      </div>
      <div className={styles.facts}>
        {profile.age !== null && (
          <p className={styles.fact}>
            <Cake size={16} aria-hidden="true" /> {profile.age} years old
          </p>
        )}
        {profile.denomination && (
          <p className={styles.fact}>
            <Church size={16} aria-hidden="true" /> {denominationLabel(profile.denomination)}
          </p>
        )}
        {profile.city && (
          <p className={styles.fact}>
            <MapPin size={16} aria-hidden="true" /> {profile.location ?? profile.city}
          </p>
        )}
      </div>
      {profile.bio && <p className={styles.bio}>{profile.bio}</p>}
    </section>
  )
}
