import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.ts'
import { users } from './users.ts'

/** One row per member liked; the pair is the key, so liking twice cannot store a second row. */
export const likes = sqliteTable(
  'likes',
  {
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.senderId, t.receiverId] }),
    index('likes_receiver_idx').on(t.receiverId),
    // The free tier's daily count: likes sent since a moment.
    index('likes_sender_created_idx').on(t.senderId, t.createdAt),
  ],
)
