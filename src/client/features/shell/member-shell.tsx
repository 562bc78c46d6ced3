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

export function PageTitle({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className={css({ mb: '8' })}>
      <h1 className={css({ textStyle: 'h1', color: 'fg.default' })}>{title}</h1>
      {description && <p className={css({ textStyle: 'lead', color: 'fg.muted', mt: '2', maxW: '3xl' })}>{description}</p>}
    </div>
  )
}
