import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useCurrentUser } from '#client/features/auth/session.ts'
import { MessagingEvents } from '#client/features/messaging/messaging-events.tsx'
import { TopNav } from './top-nav'

const styles = {
  main: css({ maxW: '7xl', mx: 'auto', px: 'gutter', py: { base: '6', md: '10' } }),
}

/** The frame of every member screen: the top navigation above the page. */
export function MemberShell({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser()
  return (
    <>
      {user && <TopNav user={user} />}
      {user && <MessagingEvents />}
      <main className={styles.main}>{children}</main>
    </>
  )
}
