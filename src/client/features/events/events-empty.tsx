import { CalendarX2, HeartHandshake } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { ScriptureStories } from '#client/features/faith-content/scripture-stories.tsx'

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: { base: '8', md: '10' } }),
  // It stands in for the whole list, so it takes more room on wider screens.
  message: css({ py: { md: '12' } }),
  purpose: cx(
    card({ variant: 'brandSubtle' }).root,
    css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'auto 1fr' }, gap: { base: '4', md: '6' }, p: { base: '6', md: '8' } }),
  ),
  purposeIcon: css({
    display: 'grid',
    placeItems: 'center',
    w: '12',
    h: '12',
    borderRadius: 'full',
    bg: 'brand.solid',
    color: 'fg.onBrand',
  }),
  purposeTitle: css({ textStyle: 'h4', color: 'fg.default' }),
  purposeList: css({ mt: '2', display: 'grid', gap: '1.5', textStyle: 'small', color: 'fg.muted', listStyle: 'disc', ps: '5' }),
  storiesTitle: css({ textStyle: 'h3', color: 'fg.default', mb: '4' }),
}

/** The spec's empty state, with couple stories and marriage-minded dating content. */
export function EventsEmpty() {
  return (
    <div className={styles.root}>
      <EmptyState size="lg" icon={CalendarX2} iconSize={40} title="No events found" titleAs="h2" className={styles.message}>
        Try adjusting your filters or check back later for new events.
      </EmptyState>
      <section className={styles.purpose} aria-labelledby="events-purpose">
        <span className={styles.purposeIcon} aria-hidden="true">
          <HeartHandshake size={24} />
        </span>
        <div>
          <h2 id="events-purpose" className={styles.purposeTitle}>
            Meeting in fellowship is marriage-minded dating
          </h2>
          <ul className={styles.purposeList}>
            <li>Church gatherings let you see someone's faith lived out among friends and family.</li>
            <li>Group settings keep first meetings relaxed, safe and accountable.</li>
            <li>Serving side by side shows character long before a first date does.</li>
          </ul>
        </div>
      </section>
      <section aria-labelledby="events-stories">
        <h2 id="events-stories" className={styles.storiesTitle}>
          Love stories from Scripture
        </h2>
        <ScriptureStories variant="grid" limit={3} />
      </section>
    </div>
  )
}
