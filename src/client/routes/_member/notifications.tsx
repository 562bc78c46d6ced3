import { createFileRoute } from '@tanstack/react-router'
import { notificationsQuery } from '#client/features/notifications/notification-queries.ts'
import { NotificationsPage } from '#client/features/notifications/notifications-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

export const Route = createFileRoute('/_member/notifications')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(notificationsQuery()),
  head: () => pageHead('Notifications'),
  component: NotificationsPage,
})
