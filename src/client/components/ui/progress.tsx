import { Progress as ProgressPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'
import { PROGRESS_DEFAULT_MAX } from '#client/lib/ui-timings.ts'

const styles = {
  root: css({ position: 'relative', w: 'full', h: '2.5', overflow: 'hidden', borderRadius: 'full', bg: 'bg.emphasized' }),
  indicator: css({
    w: 'full',
    h: 'full',
    borderRadius: 'full',
    bg: 'brand.solid',
    transitionProperty: 'transform',
    transitionDuration: 'slow',
    transitionTimingFunction: 'emphasized',
  }),
}

/** Give it an accessible name with aria-label or aria-labelledby. */
export type ProgressProps = ComponentProps<typeof ProgressPrimitive.Root>

export function Progress({ value, max = PROGRESS_DEFAULT_MAX, className, ...props }: ProgressProps) {
  const percent = value == null ? 0 : Math.min(100, Math.max(0, (value / max) * 100))
  return (
    <ProgressPrimitive.Root value={value} max={max} className={cx(styles.root, className)} {...props}>
      <ProgressPrimitive.Indicator className={styles.indicator} style={{ transform: `translateX(-${100 - percent}%)` }} />
    </ProgressPrimitive.Root>
  )
}
