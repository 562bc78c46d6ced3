import { lazy, Suspense, useState } from 'react'
import type { MemberProfileDialogProps } from './member-profile-dialog'

const MemberProfileDialog = lazy(() => import('./member-profile-dialog').then((module) => ({ default: module.MemberProfileDialog })))

/**
 * The profile dialog with its like, block and report forms (zod and react-hook-form among them)
 * loads the first time a profile is opened, not with the screen that lists the members.
 */
export function LazyMemberProfileDialog(props: MemberProfileDialogProps) {
  const [opened, setOpened] = useState(props.open)
  if (props.open && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <MemberProfileDialog {...props} />
    </Suspense>
  )
}
