import { createFileRoute } from '@tanstack/react-router'
import { loadCurrentUser } from '#client/features/auth/session.ts'
import { PrivacyPolicy } from '#client/features/safety-centre/privacy-policy.tsx'

/** Open to everyone: a member reads it inside the member shell, a visitor under the visitor's header. */
export const Route = createFileRoute('/privacy')({
  loader: ({ context }) => loadCurrentUser(context),
  component: PrivacyPolicy,
})
