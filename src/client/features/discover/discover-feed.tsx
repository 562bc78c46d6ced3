import { useInfiniteQuery } from '@tanstack/react-query'
import { RefreshCw, RotateCcw, Users } from 'lucide-react'
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { placeholderKeys, Skeleton } from '#client/components/ui/skeleton.tsx'
import { useCurrentUser } from '#client/features/auth/session.ts'
import { DailyVerse } from '#client/features/faith-content/daily-verse.tsx'
import { LazyMemberProfileDialog } from '#client/features/members/lazy-member-profile-dialog.tsx'
import { DISCOVER_BENEFIT_COUNT, DISCOVER_STORY_COUNT, SKELETON_CARD_COUNT } from '#client/lib/ui-timings.ts'
import { DiscoverFilters } from './discover-filters'
import { discoverFeedOptions } from './discover-queries'
import { type DiscoverSearch, hasAnyFilter } from './discover-search'
import { ProfileCard } from './profile-card'
import { UndoPassBar } from './undo-pass-bar'
import { usePasses } from './use-pass'

// The stories and benefits (their text and dialogs) load after the grid's own code: the cards come first.
const ScriptureStories = lazy(() =>
  import('#client/features/faith-content/scripture-stories.tsx').then((module) => ({ default: module.ScriptureStories })),
)
const MarriageBenefits = lazy(() =>
  import('#client/features/faith-content/marriage-benefits.tsx').then((module) => ({ default: module.MarriageBenefits })),
)

/** Cards drawn in each task after the first few, while the grid first fills (ProfileGrid). */
const CARDS_PER_STEP = 3

const styles = {
  layout: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) token(sizes.80)' },
    gap: '8',
    alignItems: 'start',
  }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    gap: { base: '5', xl: '4' },
  }),
  skeletonCard: cx(
    card().root,
    css({
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      pb: '5',
      overflow: 'hidden',
    }),
  ),
  skeletonPhoto: css({ w: 'full', aspectRatio: 'square', borderRadius: '0' }),
  skeletonLine: css({ h: '4', mx: '5' }),
  more: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2', mt: '8', textAlign: 'center' }),
  endNote: css({ textStyle: 'small', color: 'fg.muted' }),
  sidebar: css({ display: 'flex', flexDirection: 'column', gap: '6', position: { lg: 'sticky' }, top: { lg: '24' } }),
  empty: css({ display: 'flex', flexDirection: 'column', gap: '8' }),
}

export function DiscoverFeed({ search, onSearchChange }: { search: DiscoverSearch; onSearchChange: (search: DiscoverSearch) => void }) {
  const plan = useCurrentUser().user?.plan ?? 'free'
  const feed = useInfiniteQuery(discoverFeedOptions(search, plan))
  const [viewing, setViewing] = useState<{ userId: string | null; open: boolean }>({ userId: null, open: false })
  const passes = usePasses()
  const profiles = feed.data?.pages.flatMap((page) => page.profiles) ?? []

  let content: ReactNode
  if (feed.isPending) {
    content = <SkeletonGrid />
  } else if (feed.isError) {
    content = (
      <EmptyState
        size="lg"
        role="alert"
        title="We couldn't load profiles right now."
        action={
          <Button variant="outline" onClick={() => void feed.refetch()} loading={feed.isRefetching}>
            <RefreshCw size={16} aria-hidden="true" /> Try again
          </Button>
        }
      >
        {feed.error.message}
      </EmptyState>
    )
  } else if (profiles.length === 0) {
    content = (
      <div className={styles.empty}>
        <EmptyState
          size="lg"
          icon={Users}
          title="No profiles found matching your criteria."
          action={
            hasAnyFilter(search) && (
              <Button variant="outline" onClick={() => onSearchChange({})}>
                <RotateCcw size={16} aria-hidden="true" /> Reset filters
              </Button>
            )
          }
        >
          Try adjusting your filters or check back later.
        </EmptyState>
        <Suspense fallback={null}>
          <ScriptureStories variant="grid" limit={DISCOVER_STORY_COUNT} />
        </Suspense>
      </div>
    )
  } else {
    content = (
      <>
        <ProfileGrid
          cards={profiles.map((profile) => (
            <li key={profile.userId}>
              <ProfileCard profile={profile} onView={(userId) => setViewing({ userId, open: true })} onPass={passes.pass} />
            </li>
          ))}
        />
        <div className={styles.more}>
          {feed.hasNextPage ? (
            <Button variant="outline" size="lg" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
              Discover More Believers
            </Button>
          ) : (
            <p className={styles.endNote}>You have seen everyone who matches these filters. New believers join every day.</p>
          )}
        </div>
      </>
    )
  }

  return (
    <>
      <DiscoverFilters key={JSON.stringify(search)} search={search} plan={plan} onApply={onSearchChange} />
      <div className={styles.layout}>
        <section aria-label="Discover profiles">
          {content}
          {passes.lastPassed && (
            <UndoPassBar
              firstName={passes.lastPassed.user.firstName}
              onUndo={passes.undo}
              onDismiss={passes.dismiss}
              pending={passes.isUndoing}
              disabled={!passes.canUndo}
            />
          )}
        </section>
        <aside className={styles.sidebar} aria-label="Faith and marriage">
          <DailyVerse variant="compact" />
          <Suspense fallback={null}>
            <MarriageBenefits variant="compact" limit={DISCOVER_BENEFIT_COUNT} />
          </Suspense>
        </aside>
      </div>
      <LazyMemberProfileDialog
        userId={viewing.userId}
        open={viewing.open}
        onOpenChange={(open) => setViewing((current) => ({ ...current, open }))}
      />
    </>
  )
}

/** The spec's loading state: skeleton cards in the grid's own layout. */
function SkeletonGrid() {
  return (
    <div className={styles.grid} role="status" aria-busy="true" aria-label="Loading profiles">
      {placeholderKeys(SKELETON_CARD_COUNT).map((key) => (
        <div key={key} className={styles.skeletonCard}>
          <Skeleton className={styles.skeletonPhoto} />
          <Skeleton className={css({ h: '6', w: '1/2', mx: '5' })} />
          <Skeleton className={styles.skeletonLine} />
          <Skeleton className={styles.skeletonLine} />
        </div>
      ))}
    </div>
  )
}

/**
 * The cards, drawn a few at a time when the grid first shows: a page of them drawn at once is one long
 * task on a phone's processor (its DOM, styles and layout), during which the page cannot answer a tap.
 * The first few take the skeletons' places, and each further few follow in a task of their own, as a
 * transition, so React and the browser do their own work in between (the list is busy meanwhile, for
 * assistive technology). Later changes (a pass, the next page) draw at once.
 */
function ProfileGrid({ cards }: { cards: ReactNode[] }) {
  const [shown, setShown] = useState(0)
  const revealing = shown < cards.length
  useEffect(() => {
    if (!revealing) {
      // From now on every card draws at once, the next page's too.
      setShown(Number.POSITIVE_INFINITY)
      return
    }
    const timer = setTimeout(() => startTransition(() => setShown(shown === 0 ? SKELETON_CARD_COUNT : shown + CARDS_PER_STEP)))
    return () => clearTimeout(timer)
  }, [revealing, shown])
  if (shown === 0) return <SkeletonGrid />
  return (
    <ul className={styles.grid} aria-label="Profiles" aria-busy={revealing}>
      {cards.slice(0, shown)}
    </ul>
  )
}
