import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Members whose Discover facts (profile, activity, plan, status, interview answers, verified
 * degrees) changed, each with the sequence number of their latest change (`seq`) and of their
 * latest change to anything but their last activity (`fullSeq`): every process's member directory
 * reloads the members changed since the number it last saw, and only moves those whose activity
 * alone changed. Written only by the triggers of migrations 0013 and 0015, so no write path can
 * forget it.
 */
export const memberChanges = sqliteTable(
  'member_changes',
  {
    userId: text('user_id').primaryKey(),
    seq: integer('seq').notNull(),
    fullSeq: integer('full_seq').notNull().default(0),
  },
  (t) => [index('member_changes_seq_idx').on(t.seq)],
)
