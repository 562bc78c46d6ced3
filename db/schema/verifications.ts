import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { documentContentTypes, verificationTypes } from '#shared/content/verification.ts'
import { createdAt, id, updatedAt } from './columns.ts'
import { users } from './users.ts'

/** Stored statuses; a member with no row for a type is `not_started`. */
export const storedVerificationStatuses = ['pending', 'verified', 'rejected', 'bypass_paid'] as const

/** What the member submitted, by type; kept as JSON so each form keeps its own fields. */
export type VerificationDetails =
  | { churchName: string; pastorName: string; pastorEmail: string; membershipYears: number }
  | { tier: string; method: 'documents' }
  | { tier: string; method: 'bypass'; bypassLevel: string; bypassAmountUsd: number }
  | { institution: string; degreeType: string; graduationYear: number }

/**
 * A member's current submission per type (one row each; a rejected one may be resubmitted over).
 * The document lives under UPLOADS_DIR/verification/<documentId> and is served to its owner and
 * moderators only.
 */
export const verifications = sqliteTable(
  'verifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: verificationTypes }).notNull(),
    status: text('status', { enum: storedVerificationStatuses }).notNull(),
    details: text('details', { mode: 'json' }).$type<VerificationDetails>().notNull(),
    documentId: text('document_id'),
    documentType: text('document_type', { enum: documentContentTypes }),
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }).notNull(),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    reviewerId: text('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('verifications_user_type_unique').on(t.userId, t.type),
    // The review queue: pending first-come first-served.
    index('verifications_status_idx').on(t.status, t.submittedAt),
    uniqueIndex('verifications_document_unique').on(t.documentId),
  ],
)

export type Verification = typeof verifications.$inferSelect
