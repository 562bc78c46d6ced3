import { Separator as SeparatorPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'

const separatorStyle = css({
  flexShrink: 0,
  borderColor: 'border.default',
  '&[data-orientation=horizontal]': { w: 'full', borderTopWidth: 'thin' },
  '&[data-orientation=vertical]': { alignSelf: 'stretch', borderInlineStartWidth: 'thin' },
})

export type SeparatorProps = ComponentProps<typeof SeparatorPrimitive.Root>

export function Separator({ className, decorative = true, ...props }: SeparatorProps) {
  return <SeparatorPrimitive.Root decorative={decorative} className={cx(separatorStyle, className)} {...props} />
}
