import { createFileRoute } from '@tanstack/react-router'
import { MatchesPage } from '#client/features/matches/matches-page.tsx'

export const Route = createFileRoute('/_member/matches')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.matches.list.queryOptions()),
  component: MatchesPage,
})
