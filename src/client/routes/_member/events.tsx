import { createFileRoute } from '@tanstack/react-router'
import { EventsPage } from '#client/features/events/events-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'
import { oneOf, searchParams } from '#client/lib/search-params.ts'
import { eventFilters } from '#shared/schemas/event-options.ts'

const searchSchema = searchParams({ type: oneOf(eventFilters) })

export const Route = createFileRoute('/_member/events')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ type: search.type ?? 'all' }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(context.trpc.events.list.queryOptions({ type: deps.type })),
  head: () => pageHead('Community Events'),
  component: EventsRoute,
})

function EventsRoute() {
  const { type = 'all' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <EventsPage
      filter={type}
      onFilterChange={(next) => navigate({ search: { type: next === 'all' ? undefined : next }, replace: true, resetScroll: false })}
    />
  )
}
