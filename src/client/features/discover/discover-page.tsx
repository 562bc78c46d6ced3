import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { HeartHandshake, MapPin, Sparkles, UserRoundPen } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { MemberToolLinks } from '#client/components/layout/member-tools.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { trpc } from '#client/lib/trpc.ts'
import { LikesLeft, LikesUsedUp } from './daily-likes'
import { DiscoverFeed } from './discover-feed'
import type { DiscoverSearch } from './discover-search'
import { PausedBanner } from './paused-banner'

const styles = {
  banner: cx(
    card({ variant: 'solid' }).root,
    css({
      display: 'flex',
      alignItems: 'center',
      gap: '3',
      px: '5',
      py: '3',
      mb: '6',
      textStyle: 'small',
      fontWeight: 'medium',
    }),
  ),
  header: css({
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    alignItems: { base: 'stretch', md: 'flex-end' },
    justifyContent: 'space-between',
    gap: { base: '4', md: '6' },
    mb: { base: '6', md: '8' },
  }),
  heading: css({ textStyle: 'h1', color: 'fg.default' }),
  lead: css({ textStyle: 'lead', color: 'fg.muted', mt: '2', maxW: '3xl' }),
  aside: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: { base: 'flex-start', md: 'flex-end' },
    gap: '3',
    flexShrink: 0,
  }),
  step: cx(
    card({ variant: 'highlight', elevation: 'sm' }).root,
    css({
      display: 'grid',
      gridTemplateColumns: { base: '1fr', md: 'auto 1fr auto' },
      alignItems: 'center',
      gap: '5',
      p: { base: '6', md: '8' },
    }),
  ),
  stepIcon: css({ display: 'grid', placeItems: 'center', w: '14', h: '14', borderRadius: 'full', bg: 'accent.subtle', color: 'accent.fg' }),
  stepTitle: css({ textStyle: 'h3', color: 'fg.default' }),
  stepText: css({ textStyle: 'body', color: 'fg.muted', mt: '1' }),
  list: css({ mt: '3', display: 'flex', flexWrap: 'wrap', gap: '2', textStyle: 'small', color: 'fg.muted' }),
  chip: css({ display: 'inline-flex', alignItems: 'center', gap: '1', px: '2.5', py: '1', borderRadius: 'full', bg: 'bg.muted' }),
}

/** The member's home. The feed needs gender, birth date and place, so an incomplete profile comes first. */
export function DiscoverPage({ search, onSearchChange }: { search: DiscoverSearch; onSearchChange: (search: DiscoverSearch) => void }) {
  const profile = useQuery(trpc.profile.get.queryOptions())
  return (
    <>
      <div className={styles.banner}>
        <Sparkles size={18} aria-hidden="true" /> Dating with Purpose: every member here is seeking marriage.
      </div>
      <PausedBanner />
      <div className={styles.header}>
        <div>
          <h1 className={styles.heading}>Discover God's Plan</h1>
          <p className={styles.lead}>Meet believers who share your faith, your values and your hope for a covenant marriage.</p>
          <MemberToolLinks />
        </div>
        {profile.data?.isComplete && (
          <div className={styles.aside}>
            <LikesLeft />
            <Button asChild variant="outline">
              <Link to="/matches">
                <HeartHandshake size={18} aria-hidden="true" /> Your Matches
              </Link>
            </Button>
          </div>
        )}
      </div>
      {profile.data?.isComplete && <LikesUsedUp className={css({ mb: '6' })} />}
      {profile.isPending && <Skeleton className={css({ h: '40', borderRadius: 'card' })} />}
      {profile.data && !profile.data.isComplete && (
        <section className={styles.step} aria-labelledby="complete-profile">
          <span className={styles.stepIcon} aria-hidden="true">
            <UserRoundPen size={26} />
          </span>
          <div>
            <h2 id="complete-profile" className={styles.stepTitle}>
              Complete your profile to start discovering
            </h2>
            <p className={styles.stepText}>
              Tell us who you are and where you live, so we can show you believers near you who are looking for someone like you.
            </p>
            <div className={styles.list}>
              <span className={styles.chip}>Gender</span>
              <span className={styles.chip}>Birth date</span>
              <span className={styles.chip}>
                <MapPin size={12} aria-hidden="true" /> City
              </span>
            </div>
          </div>
          <Button asChild size="lg">
            <Link to="/profile">Complete your profile</Link>
          </Button>
        </section>
      )}
      {profile.data?.isComplete && <DiscoverFeed search={search} onSearchChange={onSearchChange} />}
    </>
  )
}
