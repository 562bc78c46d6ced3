import { CircleCheck, Crown, Gem, HeartHandshake, type LucideIcon, Sparkles } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { featureComparison } from '#shared/content/feature-comparison.ts'

// One icon per column, in the order of featureComparison.
const columnIcons: readonly LucideIcon[] = [HeartHandshake, Sparkles, Gem, Crown]

const styles = {
  panel: cx(
    card({ elevation: 'md' }).root,
    css({
      p: { base: '6', md: '10' },
    }),
  ),
  title: css({ textStyle: 'h2', color: 'fg.default', textAlign: 'center', mb: { base: '6', md: '10' } }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
    gap: { base: '8', md: '10' },
  }),
  heading: css({ display: 'flex', alignItems: 'center', gap: '2.5', textStyle: 'h4', color: 'brand.fg', mb: '4' }),
  icon: css({
    display: 'grid',
    placeItems: 'center',
    w: '9',
    h: '9',
    borderRadius: 'full',
    bg: 'accent.subtle',
    color: 'accent.fg',
    flexShrink: 0,
  }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2.5', textStyle: 'small', color: 'fg.default' }),
  item: css({ display: 'flex', alignItems: 'flex-start', gap: '2' }),
  check: css({ flexShrink: 0, mt: '0.5', color: 'success.solid' }),
}

export function FeatureComparisonPanel() {
  return (
    <section className={styles.panel} aria-labelledby="feature-comparison-title">
      <h2 id="feature-comparison-title" className={styles.title}>
        Advanced Features Comparison
      </h2>
      <div className={styles.grid}>
        {featureComparison.map((column, index) => {
          const Icon = columnIcons[index] ?? CircleCheck
          return (
            <div key={column.title}>
              <h3 className={styles.heading}>
                <span className={styles.icon} aria-hidden="true">
                  <Icon size={18} />
                </span>
                {column.title}
              </h3>
              <ul className={styles.list}>
                {column.items.map((item) => (
                  <li key={item} className={styles.item}>
                    <CircleCheck size={16} className={styles.check} aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
      </div>
    </section>
  )
}
