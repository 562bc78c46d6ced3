import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { CounselingPage, counselingTabs } from '#client/features/ai-counseling/counseling-page.tsx'

const searchSchema = z.object({ tab: z.enum(counselingTabs).optional().catch(undefined) })

export const Route = createFileRoute('/_member/ai-counseling')({
  validateSearch: searchSchema,
  component: CounselingRoute,
})

function CounselingRoute() {
  const { tab = 'compatibility' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <CounselingPage
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next === 'compatibility' ? undefined : next }, resetScroll: false })}
    />
  )
}
