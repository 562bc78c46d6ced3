import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt, id } from './columns.ts'
import { reports } from './reports.ts'
import { users } from './users.ts'

export const moderationActionKinds = [
  'dismiss',
  'warn',
  'suspend',
  'ban',
  'approve_photo',
  'reject_photo',
  'approve_verification',
  'reject_verification',
] as const
export type ModerationActionKind = (typeof moderationActionKinds)[number]

/**
 * The audit log: every moderator action with who, what, when and why. Append-only: a trigger in the
 * migration refuses changes to what was done (a deleted moderator or report only empties its link);
 * rows go only with the member they concern.
 */
export const moderationActions = sqliteTable(
  'moderation_actions',
  {
    id: id(),
    moderatorId: text('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    targetId: text('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: moderationActionKinds }).notNull(),
    reason: text('reason').notNull(),
    reportId: text('report_id').references(() => reports.id, { onDelete: 'set null' }),
    /** A suspension's end. */
    until: integer('until', { mode: 'timestamp_ms' }),
    /** The photo or verification acted on. */
    subjectId: text('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_target_idx').on(t.targetId, t.createdAt), index('moderation_actions_created_idx').on(t.createdAt)],
)

/** Addresses that may not register again after a ban: only their SHA-256, so no address is kept. */
export const bannedEmails = sqliteTable('banned_emails', {
  emailHash: text('email_hash').primaryKey(),
  bannedAt: integer('banned_at', { mode: 'timestamp_ms' }).notNull(),
})
