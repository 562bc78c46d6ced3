import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { MessagingPage } from '#client/features/messaging/messaging-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

const searchSchema = z.object({ conversation: z.string().max(64).optional().catch(undefined) })

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
