import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { planIds } from '#shared/schemas/plan-ids.ts'
import { createdAt, id, updatedAt } from './columns.ts'

/** `suspended` until `suspendedUntil` (the job runner lifts it), `banned` for good; both set by a moderator. */
export const accountStatuses = ['active', 'paused', 'suspended', 'banned'] as const
export const userRoles = ['member', 'moderator'] as const

export const users = sqliteTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    /** When the member proved they read this address: a link from it, or a provider that vouches for it. */
    emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    plan: text('plan', { enum: planIds }).notNull().default('free'),
    planRenewsAt: integer('plan_renews_at', { mode: 'timestamp_ms' }),
    status: text('status', { enum: accountStatuses }).notNull().default('active'),
    suspendedUntil: integer('suspended_until', { mode: 'timestamp_ms' }),
    /** Set by an operator (scripts/set-role.ts); moderators review verification submissions. */
    role: text('role', { enum: userRoles }).notNull().default('member'),
    /** Elite and up: Discover and profiles show the member only to members they have liked. */
    incognito: integer('incognito', { mode: 'boolean' }).notNull().default(false),
    lastActiveAt: integer('last_active_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date()),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The sweep that lifts suspensions that have run their course. No index holds `last_active_at`:
    // every request stamps it once a minute, and Discover orders members by it in memory
    // (docs/decisions/027), so such an index was written on every stamp and read by nothing.
    index('users_status_idx').on(t.status, t.suspendedUntil),
  ],
)

export type User = typeof users.$inferSelect
