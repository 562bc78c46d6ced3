import { createFileRoute } from '@tanstack/react-router'
import { achievementTabs } from '#client/features/achievements/achievement-tabs.ts'
import { AchievementsPage } from '#client/features/achievements/achievements-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'
import { oneOf, searchParams } from '#client/lib/search-params.ts'

const searchSchema = searchParams({ tab: oneOf(achievementTabs) })

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
