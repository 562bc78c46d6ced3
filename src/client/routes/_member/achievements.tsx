import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { achievementTabs } from '#client/features/achievements/achievement-tabs.ts'
import { AchievementsPage } from '#client/features/achievements/achievements-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

const searchSchema = z.object({ tab: z.enum(achievementTabs).optional().catch(undefined) })

export const Route = createFileRoute('/_member/achievements')({
  validateSearch: searchSchema,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.achievements.user.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.achievements.available.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.achievements.rewards.queryOptions()),
    ]),
  head: () => pageHead('Achievements'),
  component: AchievementsRoute,
})

function AchievementsRoute() {
  const { tab = 'badges' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <AchievementsPage
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next === 'badges' ? undefined : next }, resetScroll: false })}
    />
  )
}
