import { type TRPCRouterRecord, tracked } from '@trpc/server'
import type { z } from 'zod'
import type { BusEvent } from '#server/realtime/bus.ts'
import { holdSubscription } from '#server/realtime/socket-limits.ts'
import {
  conversationPartners,
  conversationWith,
  listConversations,
  listMessages,
  markConversationRead,
  messagesSince,
  recordDelivery,
  requireConversation,
  seesReadReceipts,
  sendMessage,
  unreadCount,
} from '#server/services/messaging.ts'
import type { Context } from '#server/trpc/context.ts'
import { protectedProcedure, rateLimit } from '#server/trpc/init.ts'
import type { MessageView } from '#shared/schemas/messaging.ts'
import {
  ConversationInput,
  MessagingEventsInput,
  PostMessageInput,
  SendMessageInput,
  ThreadInput,
  TypingInput,
} from '#shared/schemas/messaging.ts'

type MemberContext = Context & { user: NonNullable<Context['user']> }

export const SENDING_TOO_FAST = 'You are sending messages very quickly. Please slow down a little.'

/** Every plan, free or paid: a person types a few messages a minute, a script floods. */
const sendingProcedure = protectedProcedure.use(
  rateLimit({
    name: 'message',
    per: 'member',
    limit: (config) => ({ max: config.MESSAGES_PER_MINUTE, windowMs: 60_000 }),
    message: SENDING_TOO_FAST,
    leased: true,
  }),
)

async function readConversation(ctx: MemberContext, conversationId: string) {
  const { access, marked } = await markConversationRead(ctx.db, ctx.user.id, conversationId)
  if (marked > 0) {
    // The reader's other screens always hear of it; the sender only when their plan shows read receipts.
    const recipients = (await seesReadReceipts(ctx.db, access.otherId)) ? access.participants : [ctx.user.id]
    ctx.realtime.bus.publish({ type: 'read', recipients, conversationId, readerId: ctx.user.id })
  }
  return { marked }
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

/**
 * The member's live feed (optionally one conversation): new messages as tracked events, so a
 * reconnecting client first gets what it missed; typing, reads and presence as they happen.
 */
async function* liveFeed(
  ctx: MemberContext,
  input: z.output<typeof MessagingEventsInput>,
  signal: AbortSignal | undefined,
  release: () => void,
) {
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
        yield tracked(messageEventId(event.message), {
          type: 'message' as const,
          conversationId: event.conversationId,
          message: event.message,
        })
      } else if (event.type === 'typing' || event.type === 'read' || event.type === 'presence') {
        const { recipients: _recipients, ...data } = event
        yield data
      }
    }
  } finally {
    release()
    abort.abort()
    ctx.realtime.presence.disconnect(member.id)
  }
}

export const messagingRouter = {
  conversations: protectedProcedure.query(({ ctx }) => listConversations(ctx.db, ctx.user.id)),

  messages: protectedProcedure.input(ThreadInput).query(({ ctx, input }) => listMessages(ctx.db, ctx.user, input)),

  /** The spec's `POST /api/messages`, addressed to the matched member. */
  send: sendingProcedure.input(SendMessageInput).mutation(async ({ ctx, input }) => {
    const { receiverId, ...message } = input
    const conversationId = await conversationWith(ctx.db, ctx.user.id, receiverId)
    return sendMessage(ctx.db, ctx.realtime.bus, ctx.user, { ...message, conversationId })
  }),

  post: sendingProcedure.input(PostMessageInput).mutation(({ ctx, input }) => sendMessage(ctx.db, ctx.realtime.bus, ctx.user, input)),

  markRead: protectedProcedure.input(ConversationInput).mutation(({ ctx, input }) => readConversation(ctx, input.conversationId)),

  typing: protectedProcedure.input(TypingInput).mutation(async ({ ctx, input }) => {
    const access = await requireConversation(ctx.db, ctx.user.id, input.conversationId)
    ctx.realtime.bus.publish({
      type: 'typing',
      recipients: [access.otherId],
      conversationId: access.id,
      userId: ctx.user.id,
      isTyping: input.isTyping,
    })
    return { success: true }
  }),

  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),

  /** Who among the member's conversation partners has a live socket now, on any app process. */
  online: protectedProcedure.query(async ({ ctx }) => ctx.realtime.presence.onlineAmong(await conversationPartners(ctx.db, ctx.user.id))),

  events: protectedProcedure.input(MessagingEventsInput).subscription(async ({ ctx, input, signal }) => {
    const release = holdSubscription(ctx.connection)
    try {
      if (input.conversationId) await requireConversation(ctx.db, ctx.user.id, input.conversationId)
    } catch (error) {
      release()
      throw error
    }
    return liveFeed(ctx, input, signal, release)
  }),
} satisfies TRPCRouterRecord
