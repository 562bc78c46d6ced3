import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { reportReasonValues } from '#shared/content/report-reasons.ts'
import { createdAt, id } from './columns.ts'
import { users } from './users.ts'

export const reportStatuses = ['open', 'resolved'] as const
/** What a moderator did about a resolved report; the reporter is told only that it was acted on. */
export const reportOutcomes = ['dismissed', 'warned', 'suspended', 'banned'] as const
/** A member's report, or the scam guard's after repeated hits by one sender. */
export const reportOrigins = ['member', 'scam_guard'] as const

/** A report for the moderators' queue (the console at /moderation). */
export const reports = sqliteTable(
  'reports',
  {
    id: id(),
    /** Null when the scam guard filed it. */
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    reportedId: text('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: reportReasonValues }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    origin: text('origin', { enum: reportOrigins }).notNull().default('member'),
    /** The conversation the report is about, when made from it: moderators read what the reporter could see. */
    conversationId: text('conversation_id'),
    outcome: text('outcome', { enum: reportOutcomes }),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_reported_idx').on(t.reportedId),
  ],
)
