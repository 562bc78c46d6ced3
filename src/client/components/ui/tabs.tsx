import { Tabs as TabsPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'

const styles = {
  list: css({
    display: 'flex',
    gap: '1',
    overflowX: 'auto',
    scrollbarWidth: 'none',
    borderBottomWidth: 'thin',
    borderColor: 'border.default',
  }),
  trigger: css({
    flexShrink: 0,
    px: '4',
    py: '2.5',
    // Overlap the list's hairline so the active underline replaces it.
    mb: 'calc(token(borderWidths.thin) * -1)',
    fontWeight: 'semibold',
    fontSize: 'sm',
    color: 'fg.muted',
    borderBottomWidth: 'thick',
    borderColor: 'transparent',
    cursor: 'pointer',
    transitionProperty: 'color, border-color',
    transitionDuration: 'normal',
    _hover: { color: 'fg.default' },
    '&[data-state=active]': { color: 'brand.fg', borderColor: 'brand.solid' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    // An inset ring: the list scrolls horizontally and would clip an outer one.
    focusVisibleRing: 'outside',
    focusRingOffset: '-0.5',
  }),
  content: css({ pt: '5', focusVisibleRing: 'outside' }),
}

export const Tabs = TabsPrimitive.Root

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cx(styles.list, className)} {...props} />
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={cx(styles.trigger, className)} {...props} />
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cx(styles.content, className)} {...props} />
}
