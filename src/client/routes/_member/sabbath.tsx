import { createFileRoute } from '@tanstack/react-router'
import { SabbathPage } from '#client/features/sabbath/sabbath-page.tsx'
import { prefetchSabbathCorner } from '#client/features/sabbath/sabbath-queries.ts'
import { sabbathTabs } from '#client/features/sabbath/sabbath-tabs.ts'
import { pageHead } from '#client/lib/page-head.ts'
import { oneOf, searchParams } from '#client/lib/search-params.ts'

const searchSchema = searchParams({ tab: oneOf(sabbathTabs) })

export const Route = createFileRoute('/_member/sabbath')({
  validateSearch: searchSchema,
  loader: ({ context }) => prefetchSabbathCorner(context),
  head: () => pageHead('Sabbath Corner'),
  component: SabbathRoute,
})

function SabbathRoute() {
  const { tab = 'events' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <SabbathPage
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next === 'events' ? undefined : next }, replace: true, resetScroll: false })}
    />
  )
}
