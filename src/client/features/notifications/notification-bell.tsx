import { Link } from '@tanstack/react-router'
import { Bell } from 'lucide-react'
import { Popover } from 'radix-ui'
import { lazy, Suspense, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { FLOATING_OFFSET_PX, POPOVER_COLLISION_PADDING_PX } from '#client/lib/ui-timings.ts'
import { useUnreadNotifications } from './notification-queries'

// The list and its wording load when the panel first opens; the bell and its count come with every screen.
const NotificationList = lazy(() => import('./notification-list').then((module) => ({ default: module.NotificationList })))

const styles = {
  button: css({ position: 'relative' }),
  // A panel on wider screens; a phone goes to /notifications, where the list has the whole screen.
  desktop: css({ display: { base: 'none', md: 'inline-flex' } }),
  phone: css({ display: { base: 'inline-flex', md: 'none' } }),
  count: css({ position: 'absolute', top: '0', right: '0', minW: '5', justifyContent: 'center' }),
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

function BellIcon({ count }: { count: number }) {
  return (
    <>
      <Bell size={20} aria-hidden="true" />
      {count > 0 && (
        <Badge variant="brand" size="sm" className={styles.count} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </Badge>
      )}
    </>
  )
}

/** The bell in the member navigation, with the live unread count. */
export function NotificationBell() {
  const [open, setOpen] = useState(false)
  const count = useUnreadNotifications()
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications'
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button variant="ghost" size="sm" className={cx(styles.button, styles.desktop)} aria-label={label}>
            <BellIcon count={count} />
          </Button>
        </Popover.Trigger>
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
      <Button asChild variant="ghost" size="sm" className={cx(styles.button, styles.phone)}>
        <Link to="/notifications" aria-label={label}>
          <BellIcon count={count} />
        </Link>
      </Button>
    </>
  )
}
