import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { CounselingPage } from '#client/features/ai-counseling/counseling-page.tsx'
import { counselingTabs } from '#client/features/ai-counseling/counseling-tabs.ts'
import { pageHead } from '#client/lib/page-head.ts'

const searchSchema = z.object({ tab: z.enum(counselingTabs).optional().catch(undefined) })

export const Route = createFileRoute('/_member/ai-counseling')({
  validateSearch: searchSchema,
  head: () => pageHead('AI Marriage Counseling'),
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
