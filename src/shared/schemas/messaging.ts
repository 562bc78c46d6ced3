import { z } from 'zod'
import { type MessageType, messageTypes } from '#shared/content/message-types.ts'
import { planById } from '#shared/content/plans.ts'
import { limitsOf } from '#shared/logic/entitlements.ts'
import type { ScamSignal } from '#shared/logic/scam-guard.ts'
import { memberId } from './members.ts'
import { multiLineText } from './text.ts'

export const MESSAGE_MAX_LENGTH = 2000

/** The free plan's daily limit reached: the server's refusal, and what the composer shows once none are left. */
export const DAILY_MESSAGES_REACHED =
  `You've sent your ${limitsOf('free').messagesPerDay} messages for today. ` +
  `Upgrade to ${planById.premium.name} (Premium) for unlimited messages, or come back tomorrow.`

const conversationId = z.string('Conversation not found').min(1, 'Conversation not found').max(64, 'Conversation not found')

const content = multiLineText(MESSAGE_MAX_LENGTH, `Please keep your message under ${MESSAGE_MAX_LENGTH} characters`).refine(
  (value) => value.length > 0,
  'Please write a message',
)

/** The sender's own id for a message: the same id twice (a retry, or HTTP and the socket) stores it once. */
const clientMessageId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[\w-]+$/, 'Invalid message id')
  .optional()

const messageFields = {
  content,
  messageType: z.enum(messageTypes, 'Please choose Message, Prayer or Verse').default('text'),
  clientMessageId,
  /** The sender saw the scam guard's question and chose to send anyway. */
  confirmed: z.boolean().optional(),
}

/** The spec's `POST /api/messages`: to a matched member, by their user id. */
export const SendMessageInput = z.object({ receiverId: memberId, ...messageFields })
export type SendMessageInput = z.input<typeof SendMessageInput>

/** The socket's `send_message`, and the client's composer: into a conversation. */
export const PostMessageInput = z.object({ conversationId, ...messageFields })
export type PostMessageInput = z.input<typeof PostMessageInput>

export const ConversationInput = z.object({ conversationId })
export type ConversationInput = z.input<typeof ConversationInput>

/** One page of a thread, newest backwards: `cursor` is the oldest message id already shown. */
export const ThreadInput = z.object({
  conversationId,
  cursor: z.string().max(64).nullish(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
export type ThreadInput = z.input<typeof ThreadInput>

export const TypingInput = z.object({ conversationId, isTyping: z.boolean() })
export type TypingInput = z.input<typeof TypingInput>

/** The live feed: optionally one conversation; `lastEventId` is where a reconnecting client left off. */
export const MessagingEventsInput = z.object({ conversationId: conversationId.optional(), lastEventId: z.string().max(100).nullish() })

/** The spec's Message. `isRead` is shown to a sender only when their plan includes read receipts. */
export interface MessageView {
  id: string
  conversationId: string
  senderId: string
  content: string
  messageType: MessageType
  clientMessageId: string | null
  createdAt: Date
  isDelivered: boolean
  isRead: boolean
  /** Present only on a message the scam guard flagged (and its sender confirmed): what it met, for the recipient's safety note. */
  scamSignals?: ScamSignal[]
}
