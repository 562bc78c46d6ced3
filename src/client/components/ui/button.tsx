import { Slot } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes'
import { Spinner } from './spinner'

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Render the single child (e.g. a router Link) with the button's styles and props. */
    asChild?: boolean
    /** Shows a spinner, disables the button and marks it aria-busy. */
    loading?: boolean
  }

export function Button({
  asChild = false,
  loading = false,
  variant,
  size,
  fullWidth,
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button'
  return (
    <Comp
      className={cx(button({ variant, size, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner size="sm" />}
      <Slot.Slottable>{children}</Slot.Slottable>
    </Comp>
  )
}
