import { CalendarX2, HeartHandshake } from 'lucide-react'
import { css } from 'styled-system/css'
import { ScriptureStories } from '#client/features/faith-content/scripture-stories.tsx'

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: { base: '8', md: '10' } }),
  message: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '2',
    textAlign: 'center',
    px: '6',
    py: { base: '10', md: '12' },
    borderRadius: 'card',
    borderWidth: 'thin',
    borderStyle: 'dashed',
    borderColor: 'border.default',
    bg: 'bg.surface',
  }),
  icon: css({ color: 'brand.fg', mb: '2' }),
  title: css({ textStyle: 'h3', color: 'fg.default' }),
  text: css({ textStyle: 'body', color: 'fg.muted', maxW: 'md' }),
  purpose: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'auto 1fr' }, gap: { base: '4', md: '6' }, p: { base: '6', md: '8' }, borderRadius: 'card', bg: 'brand.subtle' }),
  purposeIcon: css({ display: 'grid', placeItems: 'center', w: '12', h: '12', borderRadius: 'full', bg: 'brand.solid', color: 'fg.onBrand' }),
  purposeTitle: css({ textStyle: 'h4', color: 'fg.default' }),
  purposeList: css({ mt: '2', display: 'grid', gap: '1.5', textStyle: 'small', color: 'fg.muted', listStyle: 'disc', ps: '5' }),
  storiesTitle: css({ textStyle: 'h3', color: 'fg.default', mb: '4' }),
}

/** The spec's empty state, with couple stories and marriage-minded dating content. */
export function EventsEmpty() {
  return (
    <div className={styles.root}>
      <div className={styles.message}>
        <CalendarX2 size={40} aria-hidden="true" className={styles.icon} />
        <h2 className={styles.title}>No events found</h2>
        <p className={styles.text}>Try adjusting your filters or check back later for new events.</p>
      </div>
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
