import { createFileRoute } from '@tanstack/react-router'
import { MessagingPage } from '#client/features/messaging/messaging-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'
import { searchParams, text } from '#client/lib/search-params.ts'

const searchSchema = searchParams({ conversation: text({ max: 64 }) })

export const Route = createFileRoute('/_member/messaging')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.messaging.conversations.queryOptions()),
  head: () => pageHead('Messages'),
  component: MessagingRoute,
})

function MessagingRoute() {
  const { conversation } = Route.useSearch()
  return <MessagingPage conversationId={conversation} />
}
