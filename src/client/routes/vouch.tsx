import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { VouchPage } from '#client/features/vouch/vouch-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

// Open to everyone: the pastor has no account; the link works from any inbox, signed in or not.
export const Route = createFileRoute('/vouch')({
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  head: () => pageHead('Vouch for a member'),
  component: VouchRoute,
})

function VouchRoute() {
  const { token } = Route.useSearch()
  return <VouchPage token={token} />
}
