import { Label as LabelPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'

const labelStyle = css({
  display: 'inline-block',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.default',
  lineHeight: '1.4',
  cursor: 'default',
})

export type LabelProps = ComponentProps<typeof LabelPrimitive.Root>

export function Label({ className, ...props }: LabelProps) {
  return <LabelPrimitive.Root className={cx(labelStyle, className)} {...props} />
}
