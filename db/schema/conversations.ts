import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { messageTypes } from '#shared/content/message-types.ts'
import { createdAt, id } from './columns.ts'
import { matches } from './matches.ts'
import { users } from './users.ts'

/** Opened with its match; closed (never deleted) when the match ends. */
export const conversations = sqliteTable(
  'conversations',
  {
    id: id(),
    matchId: text('match_id')
      .notNull()
      .unique()
      .references(() => matches.id, { onDelete: 'cascade' }),
    participant1Id: text('participant1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    participant2Id: text('participant2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastMessageAt: integer('last_message_at', { mode: 'timestamp_ms' }),
    prayerRequestActive: integer('prayer_request_active', { mode: 'boolean' }).notNull().default(false),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('conversations_participant1_idx').on(t.participant1Id), index('conversations_participant2_idx').on(t.participant2Id)],
)

/** The thread's messages; a Thoughtful Interest that makes a match becomes the first one. */
export const messages = sqliteTable(
  'messages',
  {
    id: id(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type', { enum: messageTypes }).notNull().default('text'),
    /** The sender's own id for the message: a retry, or the same message over HTTP and the socket, is stored once. */
    clientMessageId: text('client_message_id'),
    /** The scam guard's rules this message met (src/shared/logic/scam-guard.ts); the recipient sees a safety note. */
    scamSignals: text('scam_signals', { mode: 'json' }).$type<string[]>(),
    createdAt: createdAt(),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    uniqueIndex('messages_client_id_unique').on(t.senderId, t.clientMessageId).where(sql`client_message_id is not null`),
  ],
)
