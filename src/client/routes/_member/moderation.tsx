import { createFileRoute } from '@tanstack/react-router'
import { ModerationPage } from '#client/features/moderation/moderation-page.tsx'
import { moderationTabs } from '#client/features/moderation/moderation-tabs.ts'
import { pageHead } from '#client/lib/page-head.ts'
import { oneOf, searchParams } from '#client/lib/search-params.ts'

const searchSchema = searchParams({ tab: oneOf(moderationTabs) })

export const Route = createFileRoute('/_member/moderation')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.verification.status.queryOptions()),
  head: () => pageHead('Moderation'),
  component: ModerationRoute,
})

function ModerationRoute() {
  const { tab = 'reports' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ModerationPage
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next === 'reports' ? undefined : next }, resetScroll: false })}
    />
  )
}
