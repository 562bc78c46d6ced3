import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.ts'
import { users } from './users.ts'

/** A member set aside from Likes You: hidden from the member who passed, never told to the one passed. */
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
  (t) => [primaryKey({ columns: [t.userId, t.passedUserId] })],
)
