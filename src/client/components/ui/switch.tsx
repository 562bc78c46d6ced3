import { Switch as SwitchPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'

const styles = {
  root: css({
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    flexShrink: 0,
    w: '11',
    h: '6',
    p: '0.5',
    borderRadius: 'full',
    bg: 'border.strong',
    cursor: 'pointer',
    transitionProperty: 'background-color',
    transitionDuration: 'normal',
    _checked: { bg: 'brand.solid' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  }),
  thumb: css({
    display: 'block',
    w: '5',
    h: '5',
    borderRadius: 'full',
    bg: 'bg.surface',
    boxShadow: 'sm',
    transitionProperty: 'transform',
    transitionDuration: 'normal',
    transitionTimingFunction: 'emphasized',
    _checked: { transform: 'translateX(token(sizes.5))' },
  }),
}

/** Label it with a <Label htmlFor> or aria-label. */
export type SwitchProps = ComponentProps<typeof SwitchPrimitive.Root>

export function Switch({ className, ...props }: SwitchProps) {
  return (
    <SwitchPrimitive.Root className={cx(styles.root, className)} {...props}>
      <SwitchPrimitive.Thumb className={styles.thumb} />
    </SwitchPrimitive.Root>
  )
}
