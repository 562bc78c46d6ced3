import { type InfiniteData, useMutation, useQuery } from '@tanstack/react-query'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'

type NotificationPage = RouterOutputs['notifications']['list']

/** Newest first, 20 a page: the bell's panel, /notifications and the match check share this cache. */
export function notificationsQuery() {
  return trpc.notifications.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor })
}

/** Something happened: the count and the list are read again (the list only if it is on screen or next opened). */
export function refreshNotifications() {
  return Promise.all([
    queryClient.invalidateQueries(trpc.notifications.unreadCount.pathFilter()),
    queryClient.invalidateQueries(trpc.notifications.list.pathFilter()),
  ])
}

/** Stamps the loaded pages as read without a refetch, so a row does not jump while the member reads it. */
function stampRead(ids: readonly string[] | undefined) {
  const now = new Date()
  queryClient.setQueriesData<InfiniteData<NotificationPage>>(trpc.notifications.list.pathFilter(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((notification) =>
              notification.readAt === null && (!ids || ids.includes(notification.id)) ? { ...notification, readAt: now } : notification,
            ),
          })),
        }
      : data,
  )
}

/** Marks some notifications read (or all, without ids); the bell's count follows. */
export function useMarkRead() {
  return useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: (_result, input) => {
        stampRead(input?.ids)
        // A count asked for while this write was on its way may have been read before it: that answer
        // is dropped and the count read again. (Invalidating alone would wait on it, when the query
        // has no count yet, as on a first visit to /notifications.)
        const count = trpc.notifications.unreadCount.pathFilter()
        void queryClient.cancelQueries(count).then(() => queryClient.invalidateQueries(count))
      },
    }),
  )
}

/** The bell's number: read from the count index, refreshed by the live feed. */
export function useUnreadNotifications(): number {
  return useQuery(trpc.notifications.unreadCount.queryOptions()).data?.count ?? 0
}
