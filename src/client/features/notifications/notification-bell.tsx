import { Link } from '@tanstack/react-router'
import { Bell } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { loadOnFirstUse, useStandIn } from '#client/lib/load-on-first-use.ts'
import { useUnreadNotifications } from './notification-queries'

// The panel (Radix Popover with Floating UI) loads when the bell is first pointed at, focused or
// pressed; the bell and its count come with every screen.
const panel = loadOnFirstUse(() => import('./notification-panel'))

const styles = {
  button: css({ position: 'relative' }),
  // A panel on wider screens; a phone goes to /notifications, where the list has the whole screen.
  desktop: css({ display: { base: 'none', md: 'inline-flex' } }),
  phone: css({ display: { base: 'inline-flex', md: 'none' } }),
  count: css({ position: 'absolute', top: '0', right: '0', minW: '5', justifyContent: 'center' }),
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
  const standIn = useStandIn(panel)
  const count = useUnreadNotifications()
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications'
  const bell = { variant: 'ghost', size: 'sm', className: cx(styles.button, styles.desktop), 'aria-label': label } as const
  return (
    <>
      {standIn.loaded ? (
        <standIn.loaded.NotificationPanel defaultOpen={standIn.openOnLoad}>
          <Button ref={standIn.ref} {...bell}>
            <BellIcon count={count} />
          </Button>
        </standIn.loaded.NotificationPanel>
      ) : (
        <Button {...bell} aria-haspopup="dialog" aria-expanded={false} data-state="closed" {...standIn.standInProps} onClick={standIn.open}>
          <BellIcon count={count} />
        </Button>
      )}
      <Button asChild variant="ghost" size="sm" className={cx(styles.button, styles.phone)}>
        <Link to="/notifications" aria-label={label}>
          <BellIcon count={count} />
        </Link>
      </Button>
    </>
  )
}
