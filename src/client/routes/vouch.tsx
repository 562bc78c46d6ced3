import { createFileRoute } from '@tanstack/react-router'
import { VouchPage } from '#client/features/vouch/vouch-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'
import { searchParams, text } from '#client/lib/search-params.ts'

// Open to everyone: the pastor has no account; the link works from any inbox, signed in or not.
export const Route = createFileRoute('/vouch')({
  validateSearch: searchParams({ token: text() }),
  head: () => pageHead('Vouch for a member'),
  component: VouchRoute,
})

function VouchRoute() {
  const { token } = Route.useSearch()
  return <VouchPage token={token} />
}
