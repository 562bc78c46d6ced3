import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'

export const formGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })

const styles = {
  section: cx(
    card({ elevation: 'xs' }).root,
    css({
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      p: { base: '5', md: '7' },
    }),
  ),
  title: css({ textStyle: 'h4', color: 'fg.default' }),
  description: css({ textStyle: 'small', color: 'fg.muted', mt: '-2' }),
}

export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      {description && <p className={styles.description}>{description}</p>}
      {children}
    </section>
  )
}
