import { createFileRoute } from '@tanstack/react-router'
import { CounselingPage } from '#client/features/ai-counseling/counseling-page.tsx'
import { counselingTabs } from '#client/features/ai-counseling/counseling-tabs.ts'
import { pageHead } from '#client/lib/page-head.ts'
import { oneOf, searchParams } from '#client/lib/search-params.ts'

const searchSchema = searchParams({ tab: oneOf(counselingTabs) })

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
