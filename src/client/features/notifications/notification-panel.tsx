import { Link } from '@tanstack/react-router'
import { Popover } from 'radix-ui'
import { lazy, type ReactElement, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { FLOATING_OFFSET_PX, POPOVER_COLLISION_PADDING_PX } from '#client/lib/ui-timings.ts'

// The list and its wording load when the panel first opens.
const NotificationList = lazy(() => import('./notification-list').then((module) => ({ default: module.NotificationList })))

const styles = {
  panel: css({
    zIndex: 'popover',
    w: 'md',
    maxW: 'calc(100vw - token(spacing.8))',
    maxH: 'min(token(sizes.dialogMaxHeight), var(--radix-popover-content-available-height))',
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    p: '3',
    bg: 'bg.surface',
    borderWidth: 'thin',
    borderColor: 'border.default',
    borderRadius: 'card',
    boxShadow: 'lg',
    animation: 'popIn',
    transformOrigin: 'var(--radix-popover-content-transform-origin)',
    outline: 'none',
  }),
  seeAll: css({ display: 'flex', justifyContent: 'center', pt: '2', mt: '2', borderTopWidth: 'thin', borderColor: 'border.subtle' }),
}

/** The bell's panel on wider screens: the latest notifications and the way to all of them. `children` is the bell. */
export function NotificationPanel({ children, defaultOpen }: { children: ReactElement; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen)
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{children}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={FLOATING_OFFSET_PX}
          collisionPadding={POPOVER_COLLISION_PADDING_PX}
          className={styles.panel}
          aria-label="Notifications"
        >
          <Suspense fallback={null}>
            <NotificationList heading onNavigate={() => setOpen(false)} />
          </Suspense>
          <div className={styles.seeAll}>
            <Button asChild variant="link" size="sm">
              <Link to="/notifications" onClick={() => setOpen(false)}>
                See all notifications
              </Link>
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
