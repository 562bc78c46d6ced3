import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { sectionCard } from '#client/components/ui/card.tsx'

export const formGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })

const styles = {
  section: sectionCard,
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
