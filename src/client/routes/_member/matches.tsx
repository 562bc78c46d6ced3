import { createFileRoute } from '@tanstack/react-router'
import { MatchesPage } from '#client/features/matches/matches-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

export const Route = createFileRoute('/_member/matches')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.matches.list.queryOptions()),
  head: () => pageHead('Your Matches'),
  component: MatchesPage,
})
