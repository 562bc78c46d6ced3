import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { loadCurrentUser } from '#client/features/auth/session.ts'
import { MemberShell } from '#client/features/shell/member-shell.tsx'

/** Every member route sits under this pathless layout: visitors are sent to sign in first. */
export const Route = createFileRoute('/_member')({
  beforeLoad: async ({ context, location }) => {
    if (!(await loadCurrentUser(context))) throw redirect({ to: '/login', search: { redirect: location.href } })
  },
  component: () => (
    <MemberShell>
      <Outlet />
    </MemberShell>
  ),
})
