import { createFileRoute } from '@tanstack/react-router'
import { loadCurrentUser } from '#client/features/auth/session.ts'
import { TermsOfUse } from '#client/features/safety-centre/terms-of-use.tsx'
import { pageHead } from '#client/lib/page-head.ts'

/** Open to everyone: a member reads it inside the member shell, a visitor under the visitor's header. */
export const Route = createFileRoute('/terms')({
  loader: ({ context }) => loadCurrentUser(context),
  head: () => pageHead('Terms of Use'),
  component: TermsOfUse,
})
