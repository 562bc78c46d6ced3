import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'
import { type CardVariantProps, card } from 'styled-system/recipes'

export type CardProps = ComponentProps<'div'> & Omit<CardVariantProps, 'stacked'>

/** A raised card whose header, body and footer stack; other surfaces use the `card` recipe's root alone. */
export function Card({ variant, elevation = 'md', className, ...props }: CardProps) {
  return <div className={cx(card({ variant, elevation, stacked: true }).root, className)} {...props} />
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx(card().header, className)} {...props} />
}

export function CardTitle({ className, ...props }: ComponentProps<'h3'>) {
  return <h3 className={cx(card().title, className)} {...props} />
}

export function CardBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx(card().body, className)} {...props} />
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx(card().footer, className)} {...props} />
}

/** A page section on a quiet card: settings, the profile form. Heading, text and controls stack inside it. */
export const sectionCard = cx(
  card({ elevation: 'xs' }).root,
  css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '5', md: '7' } }),
)
