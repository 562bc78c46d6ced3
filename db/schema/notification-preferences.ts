import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { updatedAt } from './columns.ts'
import { conversations } from './conversations.ts'
import { users } from './users.ts'

export const messageEmailModes = ['digest', 'off'] as const

/** Which emails a member gets while away; no row means the defaults. */
export const notificationPreferences = sqliteTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  matchEmails: integer('match_emails', { mode: 'boolean' }).notNull().default(true),
  interestEmails: integer('interest_emails', { mode: 'boolean' }).notNull().default(true),
  reminderEmails: integer('reminder_emails', { mode: 'boolean' }).notNull().default(true),
  messageEmails: text('message_emails', { enum: messageEmailModes }).notNull().default('digest'),
  updatedAt: updatedAt(),
})

/** When a conversation's unread messages were last emailed to a member: one digest per few hours at most. */
export const messageDigests = sqliteTable(
  'message_digests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    lastSentAt: integer('last_sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
)
