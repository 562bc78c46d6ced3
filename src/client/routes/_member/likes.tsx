import { createFileRoute } from '@tanstack/react-router'
import { LikesPage } from '#client/features/likes/likes-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

export const Route = createFileRoute('/_member/likes')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.likes.received.queryOptions()),
  head: () => pageHead('Likes You'),
  component: LikesPage,
})
