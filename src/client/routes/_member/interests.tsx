import { createFileRoute } from '@tanstack/react-router'
import { InterestPage } from '#client/features/interests/interest-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'
import { searchParams, text } from '#client/lib/search-params.ts'

const searchSchema = searchParams({ member: text({ min: 1, max: 64 }) })

export const Route = createFileRoute('/_member/interests')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ member: search.member }),
  loader: async ({ context, deps }) => {
    if (!deps.member) return
    // A member who is gone (paused, blocked) is the screen's own "no longer available" state, not a route error.
    await context.queryClient.ensureQueryData(context.trpc.members.byId.queryOptions({ userId: deps.member })).catch(() => undefined)
  },
  head: () => pageHead('Thoughtful Interest'),
  component: InterestsRoute,
})

function InterestsRoute() {
  const { member } = Route.useSearch()
  return <InterestPage key={member} memberId={member} />
}
