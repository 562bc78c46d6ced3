import type { ComponentProps } from 'react'
import { MemberShell } from '#client/features/shell/member-shell.tsx'
import { DiscoverPage } from './discover-page'

/** Discover inside the member shell: what `/` shows a signed-in member. */
export function DiscoverScreen(props: ComponentProps<typeof DiscoverPage>) {
  return (
    <MemberShell>
      <DiscoverPage {...props} />
    </MemberShell>
  )
}
