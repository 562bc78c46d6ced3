import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../../features/shell/member-shell'

export const Route = createFileRoute('/_member/achievements')({
  component: () => <PageTitle title="Achievements" description="Badges, points and the leaderboard." />,
})
