import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { reportReasonValues } from '#shared/content/report-reasons.ts'
import { createdAt, id } from './columns.ts'
import { users } from './users.ts'

export const reportStatuses = ['open', 'resolved'] as const

/** A member's report for moderation (listed by `scripts/reports.ts`). */
export const reports = sqliteTable(
  'reports',
  {
    id: id(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: text('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: reportReasonValues }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_reported_idx').on(t.reportedId),
  ],
)
