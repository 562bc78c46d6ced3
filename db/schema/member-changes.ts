import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Members whose Discover facts (profile, activity, plan, status, interview answers, verified
 * degrees) changed, each with the sequence number of their latest change: every process's member
 * directory reloads the members changed since the number it last saw. Written only by the triggers
 * of migration 0013, so no write path can forget it.
 */
export const memberChanges = sqliteTable(
  'member_changes',
  {
    userId: text('user_id').primaryKey(),
    seq: integer('seq').notNull(),
  },
  (t) => [index('member_changes_seq_idx').on(t.seq)],
)
