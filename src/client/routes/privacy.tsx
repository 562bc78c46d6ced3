import { createFileRoute } from '@tanstack/react-router'
import { loadCurrentUser } from '#client/features/auth/session.ts'
import { PrivacyPolicy } from '#client/features/safety-centre/privacy-policy.tsx'
import { pageHead } from '#client/lib/page-head.ts'

/** Open to everyone: a member reads it inside the member shell, a visitor under the visitor's header. */
export const Route = createFileRoute('/privacy')({
  loader: ({ context }) => loadCurrentUser(context),
  head: () => pageHead('Privacy Policy'),
  component: PrivacyPolicy,
})
