import { createFileRoute } from '@tanstack/react-router'
import { loadCurrentUser } from '#client/features/auth/session.ts'
import { SafetyCentre } from '#client/features/safety-centre/safety-centre.tsx'
import { pageHead } from '#client/lib/page-head.ts'

/** Open to everyone: a member reads it inside the member shell, a visitor under the visitor's header. */
export const Route = createFileRoute('/safety')({
  loader: ({ context }) => loadCurrentUser(context),
  head: () => pageHead('Safety Centre'),
  component: SafetyCentre,
})
