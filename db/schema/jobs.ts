import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt, id } from './columns.ts'

export const jobStatuses = ['pending', 'done', 'dead'] as const
export type JobStatus = (typeof jobStatuses)[number]

/**
 * Work done outside requests (mail, maintenance), claimed by any app process or `npm run jobs`.
 * A pending job is free when `lockedUntil` is empty or past: a runner that dies mid-job loses its
 * lease and another takes the job over. `attempts` counts the times a runner took it.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    /** JSON text; cleared when the job is done, since it may hold a one-time token. */
    payload: text('payload').notNull(),
    runAt: integer('run_at', { mode: 'timestamp_ms' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedBy: text('locked_by'),
    lockedUntil: integer('locked_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    status: text('status', { enum: jobStatuses }).notNull().default('pending'),
    createdAt: createdAt(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_kind_status_idx').on(t.kind, t.status),
    index('jobs_finished_idx').on(t.status, t.finishedAt),
    // Every message looks for its receiver's waiting digest, and reminders for the member's: a member's pending jobs are few.
    index('jobs_pending_member_idx').on(t.kind, sql`json_extract(payload, '$.userId')`).where(sql`status = 'pending'`),
  ],
)

export type Job = typeof jobs.$inferSelect
