import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { SabbathPage } from '#client/features/sabbath/sabbath-page.tsx'
import { prefetchSabbathCorner } from '#client/features/sabbath/sabbath-queries.ts'
import { sabbathTabs } from '#client/features/sabbath/sabbath-tabs.ts'
import { pageHead } from '#client/lib/page-head.ts'

const searchSchema = z.object({ tab: z.enum(sabbathTabs).optional().catch(undefined) })

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
