import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { ModerationPage } from '#client/features/moderation/moderation-page.tsx'
import { moderationTabs } from '#client/features/moderation/moderation-tabs.ts'
import { pageHead } from '#client/lib/page-head.ts'

const searchSchema = z.object({ tab: z.enum(moderationTabs).optional().catch(undefined) })

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
