import { createFileRoute } from '@tanstack/react-router'
import { ModerationPage } from '#client/features/moderation/moderation-page.tsx'
import { moderationTabs } from '#client/features/moderation/moderation-tabs.ts'
import { NOT_FOUND_SCREEN, pageHead } from '#client/lib/page-head.ts'
import { oneOf, searchParams } from '#client/lib/search-params.ts'

const searchSchema = searchParams({ tab: oneOf(moderationTabs) })

export const Route = createFileRoute('/_member/moderation')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.verification.status.queryOptions()),
  // Anyone but a reviewer is shown the not-found page, and its name.
  head: ({ loaderData }) => pageHead(loaderData?.isReviewer ? 'Moderation' : NOT_FOUND_SCREEN),
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
