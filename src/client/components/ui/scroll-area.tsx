import { ScrollArea as ScrollAreaPrimitive } from 'radix-ui'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { SCROLL_AREA_HIDE_DELAY_MS } from '#client/lib/ui-timings.ts'

const styles = {
  root: css({ position: 'relative', overflow: 'hidden' }),
  viewport: css({ w: 'full', h: 'full', borderRadius: 'inherit' }),
  scrollbar: css({
    display: 'flex',
    p: '0.5',
    userSelect: 'none',
    touchAction: 'none',
    transitionProperty: 'background-color',
    transitionDuration: 'normal',
    _hover: { bg: 'bg.muted' },
    '&[data-orientation=vertical]': { w: '2.5' },
    '&[data-orientation=horizontal]': { flexDirection: 'column', h: '2.5' },
  }),
  thumb: css({ position: 'relative', flex: '1', borderRadius: 'full', bg: 'border.strong' }),
}

export interface ScrollAreaProps {
  children: ReactNode
  /** Give it a height (or max height) with a className; that bounds the viewport. */
  className?: string
  orientation?: 'vertical' | 'horizontal' | 'both'
}

export function ScrollArea({ children, className, orientation = 'vertical' }: ScrollAreaProps) {
  return (
    <ScrollAreaPrimitive.Root type="hover" scrollHideDelay={SCROLL_AREA_HIDE_DELAY_MS} className={cx(styles.root, className)}>
      <ScrollAreaPrimitive.Viewport className={styles.viewport}>{children}</ScrollAreaPrimitive.Viewport>
      {orientation !== 'horizontal' && (
        <ScrollAreaPrimitive.Scrollbar orientation="vertical" className={styles.scrollbar}>
          <ScrollAreaPrimitive.Thumb className={styles.thumb} />
        </ScrollAreaPrimitive.Scrollbar>
      )}
      {orientation !== 'vertical' && (
        <ScrollAreaPrimitive.Scrollbar orientation="horizontal" className={styles.scrollbar}>
          <ScrollAreaPrimitive.Thumb className={styles.thumb} />
        </ScrollAreaPrimitive.Scrollbar>
      )}
      <ScrollAreaPrimitive.Corner />
    </ScrollAreaPrimitive.Root>
  )
}
