import { createFileRoute } from '@tanstack/react-router'
import { EvangelismItemPage } from '#client/features/evangelism/evangelism-item-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

export const Route = createFileRoute('/_member/evangelism_/$resourceId')({
  // Prefetched, not ensured: an item that does not exist is told on the page.
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(context.trpc.evangelism.resource.queryOptions({ id: params.resourceId })),
  head: () => pageHead('Evangelism Hub'),
  component: EvangelismItemRoute,
})

function EvangelismItemRoute() {
  const { resourceId } = Route.useParams()
  return <EvangelismItemPage resourceId={resourceId} />
}
