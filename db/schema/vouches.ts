import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt, id } from './columns.ts'
import { users } from './users.ts'
import { verifications } from './verifications.ts'

export const vouchStatuses = ['pending', 'confirmed', 'declined', 'revoked'] as const
export type VouchStatus = (typeof vouchStatuses)[number]

/**
 * A faith verification's request that the pastor or elder named in it vouch for the member, through
 * an emailed one-time link (no account needed). Only the SHA-256 of the link's token is kept. The
 * decision is made once; a confirmation can later be revoked through the same link.
 */
export const vouchRequests = sqliteTable(
  'vouch_requests',
  {
    id: id(),
    verificationId: text('verification_id')
      .notNull()
      .references(() => verifications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pastorName: text('pastor_name').notNull(),
    pastorEmail: text('pastor_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: vouchStatuses }).notNull().default('pending'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('vouch_requests_user_idx').on(t.userId, t.createdAt), index('vouch_requests_pastor_idx').on(t.pastorEmail, t.createdAt)],
)
