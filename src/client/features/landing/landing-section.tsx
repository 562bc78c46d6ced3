import { type ReactNode, useId } from 'react'
import { css, cx } from 'styled-system/css'

const styles = {
  section: css({ py: 'section', px: 'gutter' }),
  inner: css({ maxW: '6xl', mx: 'auto' }),
  intro: css({ maxW: '2xl', mx: 'auto', mb: { base: '8', md: '12' }, textAlign: 'center' }),
  overline: css({ textStyle: 'overline', color: 'accent.fg' }),
  title: css({ textStyle: 'h2', color: 'fg.default', mt: '2' }),
  lead: css({ textStyle: 'body', color: 'fg.muted', mt: '3' }),
}

export interface LandingSectionProps {
  overline?: string
  title?: string
  lead?: ReactNode
  className?: string
  children: ReactNode
}

/** One band of the landing page: a centred introduction over its content. */
export function LandingSection({ overline, title, lead, className, children }: LandingSectionProps) {
  const titleId = useId()
  return (
    <section className={cx(styles.section, className)} aria-labelledby={title ? titleId : undefined}>
      <div className={styles.inner}>
        {title && (
          <div className={styles.intro}>
            {overline && <p className={styles.overline}>{overline}</p>}
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {lead && <p className={styles.lead}>{lead}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  )
}
