import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.ts'
import { users } from './users.ts'

/** A block hides both members from each other everywhere; looked up in both directions. */
export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
)
