import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { UpgradeButton } from './upgrade-button'

const styles = {
  note: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    gap: '3',
    p: '4',
  }),
  text: css({
    flex: '1',
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    textStyle: 'small',
    color: 'fg.default',
    '& svg': { color: 'accent.fg', flexShrink: 0, mt: '0.5' },
  }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  title: css({ fontWeight: 'semibold' }),
}

export interface UpgradeNoteProps {
  icon: LucideIcon
  /** A short first line, in bold, above the text. */
  title?: string
  children: ReactNode
  /** The plan that lifts the lock or limit; none (or free) shows no button. */
  planId: PlanId | null
  /** `alert` for a refusal the member just met; `status` for what the screen already knew. */
  role?: 'alert' | 'status'
  className?: string
}

/** Every locked feature and used-up allowance: what the member's plan lacks, and the plan that has it. */
export function UpgradeNote({ icon: Icon, title, children, planId, role, className }: UpgradeNoteProps) {
  return (
    <div className={cx(card({ variant: 'accent' }).root, styles.note, className)} role={role}>
      <p className={styles.text}>
        <Icon size={16} aria-hidden="true" />
        <span className={styles.body}>
          {title && <span className={styles.title}>{title}</span>}
          <span>{children}</span>
        </span>
      </p>
      {planId && planId !== 'free' && <UpgradeButton planId={planId} size="sm" variant="accent" />}
    </div>
  )
}
