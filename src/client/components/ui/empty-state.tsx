import type { LucideIcon } from 'lucide-react'
import type { AriaRole, ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { card, type EmptyStateVariantProps, emptyState } from 'styled-system/recipes'

export type EmptyStateProps = EmptyStateVariantProps & {
  icon?: LucideIcon
  iconSize?: number
  title?: ReactNode
  /** An h2 when the empty state stands in for a section of its own. */
  titleAs?: 'p' | 'h2'
  /** The explanation under the title. */
  children?: ReactNode
  /** The way forward, e.g. a button to Discover. */
  action?: ReactNode
  /** Inside a panel that is already framed, the dashed frame is left out. */
  framed?: boolean
  role?: AriaRole
  className?: string
}

export function EmptyState({
  icon: Icon,
  iconSize = 36,
  title,
  titleAs: Title = 'p',
  children,
  action,
  framed = true,
  size,
  role,
  className,
}: EmptyStateProps) {
  const classes = emptyState({ size })
  return (
    <div className={cx(framed && card({ variant: 'dashed' }).root, classes.root, className)} role={role}>
      {Icon && <Icon size={iconSize} className={classes.icon} aria-hidden="true" />}
      {title && <Title className={classes.title}>{title}</Title>}
      {children && <p className={classes.description}>{children}</p>}
      {action}
    </div>
  )
}
