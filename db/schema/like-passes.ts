import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.ts'
import { users } from './users.ts'

/**
 * A member passed on, from Discover or Likes You: hidden from the member who passed in both, never
 * told to the one passed. The newest pass can be undone.
 */
export const likePasses = sqliteTable(
  'like_passes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passedUserId: text('passed_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.passedUserId] }), index('like_passes_latest_idx').on(t.userId, t.createdAt)],
)
