import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { sectionCard } from '#client/components/ui/card.tsx'

export const settingsStyles = {
  text: css({ textStyle: 'body', color: 'fg.muted' }),
  hint: css({ textStyle: 'small', color: 'fg.muted' }),
  action: css({ alignSelf: 'flex-start' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: 'md' }),
}

const styles = {
  section: sectionCard,
  danger: css({ borderColor: 'danger.border' }),
  title: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'h4', color: 'fg.default', '& svg': { color: 'brand.fg' } }),
  dangerTitle: css({ '& svg': { color: 'danger.fg' } }),
}

/** One card of the settings page, named by its heading so it reads as a region. */
export function SettingsSection({
  id,
  icon: Icon,
  title,
  danger = false,
  children,
}: {
  id: string
  icon: LucideIcon
  title: string
  danger?: boolean
  children: ReactNode
}) {
  return (
    <section className={cx(styles.section, danger && styles.danger)} aria-labelledby={id}>
      <h2 id={id} className={cx(styles.title, danger && styles.dangerTitle)}>
        <Icon size={20} aria-hidden="true" /> {title}
      </h2>
      {children}
    </section>
  )
}
