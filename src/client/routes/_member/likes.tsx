import { createFileRoute } from '@tanstack/react-router'
import { LikesPage } from '#client/features/likes/likes-page.tsx'

export const Route = createFileRoute('/_member/likes')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.likes.received.queryOptions()),
  component: LikesPage,
})
