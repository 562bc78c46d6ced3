import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt, id } from './columns.ts'
import { users } from './users.ts'

/**
 * Two members who liked each other. The pair is stored ordered (low id, high id), so two reciprocal
 * likes racing each other meet the same unique key; an ended match (unmatch, block) keeps its row.
 */
export const matches = sqliteTable(
  'matches',
  {
    id: id(),
    userLowId: text('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: text('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('matches_active_pair_unique').on(t.userLowId, t.userHighId).where(sql`ended_at is null`),
    index('matches_low_idx').on(t.userLowId),
    index('matches_high_idx').on(t.userHighId),
  ],
)

export type Match = typeof matches.$inferSelect
