import { tracked, type TRPCRouterRecord } from '@trpc/server'
import {
  ConversationInput,
  MessagingEventsInput,
  PostMessageInput,
  SendMessageInput,
  ThreadInput,
  TypingInput,
} from '#shared/schemas/messaging.ts'
import { tooManyRequests } from '#server/errors.ts'
import type { BusEvent } from '#server/realtime/bus.ts'
import {
  conversationPartners,
  conversationWith,
  DailyMessageLimitError,
  listConversations,
  listMessages,
  markConversationRead,
  messagesSince,
  recordDelivery,
  requireConversation,
  sendMessage,
  unreadCount,
  type MessageView,
  type NewMessage,
} from '#server/services/messaging.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import type { Context } from '#server/trpc/context.ts'

type MemberContext = Context & { user: NonNullable<Context['user']> }

/** Stores the message and tells both members; past the free tier's daily count, a 429 with Retry-After. */
export async function postMessage(ctx: MemberContext, message: NewMessage) {
  try {
    return await sendMessage(ctx.db, ctx.realtime.bus, ctx.user, message)
  } catch (error) {
    if (error instanceof DailyMessageLimitError) throw tooManyRequests(error.message, error.retryAfterSeconds, ctx.responseHeaders)
    throw error
  }
}

export async function readConversation(ctx: MemberContext, conversationId: string) {
  const { access, marked } = await markConversationRead(ctx.db, ctx.user.id, conversationId)
  if (marked > 0) ctx.realtime.bus.publish({ type: 'read', recipients: access.participants, conversationId, readerId: ctx.user.id })
  return { marked }
}

export async function announceTyping(ctx: MemberContext, conversationId: string, isTyping: boolean) {
  const access = await requireConversation(ctx.db, ctx.user.id, conversationId)
  ctx.realtime.bus.publish({ type: 'typing', recipients: [access.otherId], conversationId, userId: ctx.user.id, isTyping })
}

/** A message's event id orders the feed, so a reconnecting client names where it left off. */
function messageEventId(message: MessageView) {
  return `${message.createdAt.getTime()}_${message.id}`
}

function parseEventId(eventId: string) {
  const [at, ...rest] = eventId.split('_')
  const id = rest.join('_')
  return Number.isFinite(Number(at)) && id ? { at: Number(at), id } : null
}

export const messagingRouter = {
  conversations: protectedProcedure.query(({ ctx }) => listConversations(ctx.db, ctx.user.id)),

  messages: protectedProcedure.input(ThreadInput).query(({ ctx, input }) => listMessages(ctx.db, ctx.user, input)),

  /** The spec's `POST /api/messages`, addressed to the matched member. */
  send: protectedProcedure.input(SendMessageInput).mutation(async ({ ctx, input }) => {
    const { receiverId, ...message } = input
    return postMessage(ctx, { ...message, conversationId: await conversationWith(ctx.db, ctx.user.id, receiverId) })
  }),

  post: protectedProcedure.input(PostMessageInput).mutation(({ ctx, input }) => postMessage(ctx, input)),

  markRead: protectedProcedure.input(ConversationInput).mutation(({ ctx, input }) => readConversation(ctx, input.conversationId)),

  typing: protectedProcedure.input(TypingInput).mutation(async ({ ctx, input }) => {
    await announceTyping(ctx, input.conversationId, input.isTyping)
    return { success: true }
  }),

  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),

  /** Who among the member's conversation partners has a live socket now. */
  online: protectedProcedure.query(async ({ ctx }) =>
    (await conversationPartners(ctx.db, ctx.user.id)).filter((id) => ctx.realtime.presence.isOnline(id)),
  ),

  /**
   * The member's live feed (optionally one conversation): new messages as tracked events, so a
   * reconnecting client first gets what it missed; typing, reads and presence as they happen.
   */
  events: protectedProcedure.input(MessagingEventsInput).subscription(async function* ({ ctx, input, signal }) {
    if (input.conversationId) await requireConversation(ctx.db, ctx.user.id, input.conversationId)
    const member = ctx.user
    const wanted = (event: BusEvent) => !input.conversationId || !('conversationId' in event) || event.conversationId === input.conversationId
    const abort = new AbortController()
    signal?.addEventListener('abort', () => abort.abort(), { once: true })
    // Listen before catching up, so nothing falls between the two.
    const live = ctx.realtime.bus.eventsFor(member.id, abort.signal)[Symbol.asyncIterator]()
    ctx.realtime.presence.connect(member.id)
    try {
      const since = input.lastEventId ? parseEventId(input.lastEventId) : null
      const seen = new Set<string>()
      if (since) {
        for (const message of await messagesSince(ctx.db, member, since, input.conversationId)) {
          seen.add(message.id)
          yield tracked(messageEventId(message), { type: 'message' as const, conversationId: message.conversationId, message })
        }
      }
      while (true) {
        const next = await live.next()
        if (next.done) return
        const event = next.value
        if (!wanted(event)) continue
        if (event.type === 'message') {
          if (seen.has(event.message.id)) continue
          if (event.message.senderId !== member.id) recordDelivery(ctx.db, event.message.id)
          yield tracked(messageEventId(event.message), { type: 'message' as const, conversationId: event.conversationId, message: event.message })
        } else {
          const { recipients: _recipients, ...data } = event
          yield data
        }
      }
    } finally {
      abort.abort()
      ctx.realtime.presence.disconnect(member.id)
    }
  }),
} satisfies TRPCRouterRecord
