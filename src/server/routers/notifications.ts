import type { TRPCRouterRecord } from '@trpc/server'
import { holdSubscription } from '#server/realtime/socket-limits.ts'
import { listNotifications, markRead, unreadCount } from '#server/services/notifications.ts'
import type { Context } from '#server/trpc/context.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { MarkNotificationsReadInput, NotificationsInput } from '#shared/schemas/notifications.ts'

type MemberContext = Context & { user: NonNullable<Context['user']> }

/** What the bell and the match dialog hear: each notification as it is stored, and the match moment with the other member. */
async function* liveNotifications(ctx: MemberContext, signal: AbortSignal | undefined, release: () => void) {
  const memberId = ctx.user.id
  const abort = new AbortController()
  signal?.addEventListener('abort', () => abort.abort(), { once: true })
  try {
    for await (const event of ctx.realtime.bus.eventsFor(memberId, abort.signal)) {
      if (event.type === 'notification') {
        yield { type: 'notification' as const, notification: event.notification }
      } else if (event.type === 'match') {
        const member = event.members.find((candidate) => candidate.id !== memberId)
        if (member) yield { type: 'match' as const, matchId: event.matchId, conversationId: event.conversationId, member }
      }
    }
  } finally {
    release()
    abort.abort()
  }
}

export const notificationsRouter = {
  list: protectedProcedure.input(NotificationsInput).query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input?.cursor)),

  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),

  /** The ids given, or every unread notification of the member's. */
  markRead: protectedProcedure.input(MarkNotificationsReadInput).mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input?.ids)),

  live: protectedProcedure.subscription(({ ctx, signal }) => {
    const release = holdSubscription(ctx.connection)
    return liveNotifications(ctx, signal, release)
  }),
} satisfies TRPCRouterRecord
