import { css } from 'styled-system/css'

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: { base: '3', md: '4' } }),
  tile: css({
    display: 'flex',
    flexDirection: 'column-reverse',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '1',
    px: '3',
    py: { base: '4', md: '5' },
    borderRadius: 'xl',
    bg: 'bg.surface',
    borderWidth: 'thin',
    borderColor: 'border.subtle',
    boxShadow: 'xs',
    textAlign: 'center',
  }),
  value: css({ fontFamily: 'heading', fontWeight: 'semibold', fontSize: { base: '2xl', md: '3xl' }, lineHeight: '1.1', color: 'brand.fg' }),
  label: css({ textStyle: 'small', color: 'fg.muted' }),
}

export interface Stat {
  value: string
  label: string
}

/** A row of headline figures; the label comes first in the markup so each reads as "label: value". */
export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className={styles.grid}>
      {stats.map((stat) => (
        <div key={stat.label} className={styles.tile}>
          <dt className={styles.label}>{stat.label}</dt>
          <dd className={styles.value}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  )
}
