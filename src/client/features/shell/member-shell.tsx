import { useRouterState } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense } from 'react'
import { css } from 'styled-system/css'
import { SiteFooter } from '#client/components/layout/site-footer.tsx'
import { useCurrentUser } from '#client/features/auth/session.ts'
import { VerifyEmailBanner } from '#client/features/auth/verify-email-banner.tsx'
import { useMatchMoment } from '#client/features/matches/match-moment.ts'
import { MessagingEvents } from '#client/features/messaging/messaging-events.tsx'
import { NotificationEvents } from '#client/features/notifications/notification-events.tsx'
import { useNeededOnce } from '#client/lib/load-on-first-use.ts'
import { TopNav } from './top-nav'

// "It's a Match!" (with Radix Dialog) loads with the first match, not with every member screen.
const MatchDialog = lazy(() => import('#client/features/matches/match-dialog.tsx').then((module) => ({ default: module.MatchDialog })))

function MatchDialogOnFirstMatch() {
  if (!useNeededOnce(useMatchMoment() !== null)) return null
  return (
    <Suspense fallback={null}>
      <MatchDialog />
    </Suspense>
  )
}

const styles = {
  main: css({ maxW: '7xl', mx: 'auto', px: 'gutter', py: { base: '6', md: '10' } }),
}

/** The frame of every member screen: the top navigation above the page, a notice while the address is unconfirmed, and the footer. */
export function MemberShell({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser()
  // Messages fill the screen below the navigation: the notice would push a phone's composer out of sight there.
  const fillsScreen = useRouterState({ select: (state) => state.location.pathname.startsWith('/messaging') })
  return (
    <>
      {user && <TopNav user={user} />}
      {user && <MessagingEvents />}
      {user && <NotificationEvents />}
      {user && <MatchDialogOnFirstMatch />}
      <main className={styles.main}>
        {user && !user.emailVerified && !fillsScreen && <VerifyEmailBanner key={user.email} email={user.email} />}
        {children}
      </main>
      {!fillsScreen && <SiteFooter />}
    </>
  )
}
