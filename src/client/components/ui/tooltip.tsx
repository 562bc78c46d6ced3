import { Tooltip as TooltipPrimitive } from 'radix-ui'
import type { ReactElement, ReactNode } from 'react'
import { css } from 'styled-system/css'
import { POPOVER_COLLISION_PADDING_PX, TOOLTIP_DELAY_MS, TOOLTIP_OFFSET_PX, TOOLTIP_SKIP_DELAY_MS } from '#client/lib/ui-timings.ts'

const styles = {
  content: css({
    zIndex: 'tooltip',
    maxW: 'xs',
    px: '3',
    py: '1.5',
    borderRadius: 'md',
    bg: 'bg.inverse',
    color: 'fg.inverse',
    fontSize: 'sm',
    lineHeight: '1.4',
    boxShadow: 'md',
    transformOrigin: 'var(--radix-tooltip-content-transform-origin)',
    animation: 'popIn',
  }),
  arrow: css({ fill: 'bg.inverse' }),
}

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  )
}

export interface TooltipProps {
  content: ReactNode
  /** A single focusable element; it becomes the trigger. */
  children: ReactElement
  side?: 'top' | 'right' | 'bottom' | 'left'
}

export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={TOOLTIP_OFFSET_PX}
          collisionPadding={POPOVER_COLLISION_PADDING_PX}
          className={styles.content}
        >
          {content}
          <TooltipPrimitive.Arrow className={styles.arrow} />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  )
}
