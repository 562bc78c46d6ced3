import { createFileRoute } from '@tanstack/react-router'
import { EvangelismPage } from '#client/features/evangelism/evangelism-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'
import { oneOf, searchParams } from '#client/lib/search-params.ts'
import { evangelismCategories } from '#shared/schemas/evangelism-options.ts'

const searchSchema = searchParams({ audience: oneOf(evangelismCategories) })

export const Route = createFileRoute('/_member/evangelism')({
  validateSearch: searchSchema,
  loader: async ({ context: { queryClient, trpc } }) => {
    // Started together, so the batch link sends them as one request; only the featured list is awaited,
    // and a tab whose list is still on its way shows placeholders.
    for (const category of evangelismCategories) {
      void queryClient.prefetchQuery(trpc.evangelism.content.queryOptions({ category }))
    }
    await queryClient.ensureQueryData(trpc.evangelism.content.queryOptions({ category: 'all' }))
  },
  head: () => pageHead('Evangelism Hub'),
  component: EvangelismRoute,
})

function EvangelismRoute() {
  const { audience = 'seekers' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <EvangelismPage
      audience={audience}
      onAudienceChange={(next) =>
        navigate({ search: { audience: next === 'seekers' ? undefined : next }, replace: true, resetScroll: false })
      }
    />
  )
}
