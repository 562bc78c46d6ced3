import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'

const textareaStyle = css({ h: 'auto', minH: '28', py: '2.5', lineHeight: '1.5', resize: 'vertical' })

export type TextareaProps = ComponentProps<'textarea'>

export function Textarea({ className, ...props }: TextareaProps) {
  return <textarea className={cx(input(), textareaStyle, className)} {...props} />
}
