import { Check } from 'lucide-react'
import { Checkbox as CheckboxPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'

const styles = {
  root: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    w: '5',
    h: '5',
    borderRadius: 'sm',
    borderWidth: 'thin',
    borderColor: 'border.strong',
    bg: 'bg.surface',
    color: 'fg.onBrand',
    cursor: 'pointer',
    transitionProperty: 'background-color, border-color',
    transitionDuration: 'normal',
    focusVisibleRing: 'outside',
    _checked: { bg: 'brand.solid', borderColor: 'brand.solid' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  }),
  icon: css({ w: '3.5', h: '3.5' }),
}

/** Label it with a <Label htmlFor> or aria-label. */
export type CheckboxProps = ComponentProps<typeof CheckboxPrimitive.Root>

export function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <CheckboxPrimitive.Root className={cx(styles.root, className)} {...props}>
      <CheckboxPrimitive.Indicator>
        <Check className={styles.icon} strokeWidth={3} aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  )
}
