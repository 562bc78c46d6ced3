import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'

const styles = {
  note: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    gap: '3',
    p: '4',
  }),
  warning: css({ bg: 'warning.subtle', borderColor: 'warning.border' }),
  text: css({
    flex: '1',
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    textStyle: 'small',
    color: 'fg.default',
    '& svg': { flexShrink: 0, mt: '0.5' },
  }),
  icon: { accent: css({ color: 'accent.fg' }), warning: css({ color: 'warning.fg' }) },
  body: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  title: css({ fontWeight: 'semibold' }),
}

export interface NoticeProps {
  icon: LucideIcon
  /** A short first line, in bold, above the text. */
  title?: string
  children: ReactNode
  /** What the member can do about it, beside the text (below it on a phone). */
  action?: ReactNode
  /** `accent` for what a plan offers; `warning` for something the member should know about themself. */
  tone?: 'accent' | 'warning'
  /** `alert` for a refusal the member just met; `status` for what the screen already knew. */
  role?: 'alert' | 'status'
  className?: string
}

/** A short note in a card: an icon, a line or two, and at most one action. */
export function Notice({ icon: Icon, title, children, action, tone = 'accent', role, className }: NoticeProps) {
  const root = tone === 'accent' ? card({ variant: 'accent' }).root : cx(card({ variant: 'outline' }).root, styles.warning)
  return (
    <div className={cx(root, styles.note, className)} role={role}>
      <p className={styles.text}>
        <Icon size={16} aria-hidden="true" className={styles.icon[tone]} />
        <span className={styles.body}>
          {title && <span className={styles.title}>{title}</span>}
          <span>{children}</span>
        </span>
      </p>
      {action}
    </div>
  )
}
