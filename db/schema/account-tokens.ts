import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt, id } from './columns.ts'
import { users } from './users.ts'

export const accountTokenPurposes = ['verify-email', 'reset-password', 'change-email'] as const
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number]

/**
 * The tokens behind emailed links. Only the SHA-256 of a token is kept, so a leaked table opens no
 * account; `email` is the address the link confirms (the new one for a change of address).
 */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: accountTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose), index('account_tokens_expiry_idx').on(t.expiresAt)],
)
