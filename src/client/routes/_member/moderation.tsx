import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { ModerationPage, moderationTabs } from '#client/features/moderation/moderation-page.tsx'

const searchSchema = z.object({ tab: z.enum(moderationTabs).optional().catch(undefined) })

export const Route = createFileRoute('/_member/moderation')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.verification.status.queryOptions()),
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
