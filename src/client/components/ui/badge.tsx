import type { ComponentProps } from 'react'
import { cx } from 'styled-system/css'
import { type BadgeVariantProps, badge } from 'styled-system/recipes'

export type BadgeProps = ComponentProps<'span'> & BadgeVariantProps

export function Badge({ variant, size, className, ...props }: BadgeProps) {
  return <span className={cx(badge({ variant, size }), className)} {...props} />
}
