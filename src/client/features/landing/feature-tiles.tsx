import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { featureTiles } from './landing-content'
import { LandingSection } from './landing-section'

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }, gap: '6' }),
  tile: cx(
    card({ variant: 'highlight', elevation: 'sm' }).root,
    css({
      p: { base: '6', md: '8' },
    }),
  ),
  icon: css({
    display: 'grid',
    placeItems: 'center',
    w: '12',
    h: '12',
    borderRadius: 'control',
    bg: 'accent.subtle',
    color: 'accent.fg',
    mb: '5',
  }),
  title: css({ textStyle: 'h4', color: 'fg.default' }),
  text: css({ textStyle: 'body', color: 'fg.muted', mt: '2' }),
}

export function FeatureTiles() {
  return (
    <LandingSection overline="Why Covenant" title="Made for marriage-minded believers">
      <div className={styles.grid}>
        {featureTiles.map(({ icon: Icon, title, text }) => (
          <article key={title} className={styles.tile}>
            <span className={styles.icon} aria-hidden="true">
              <Icon size={24} />
            </span>
            <h3 className={styles.title}>{title}</h3>
            <p className={styles.text}>{text}</p>
          </article>
        ))}
      </div>
    </LandingSection>
  )
}
