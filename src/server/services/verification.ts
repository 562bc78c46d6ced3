import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { profiles, users, type VerificationDetails, verifications } from '#db/schema/index.ts'
import { ConflictError, type DomainError, ForbiddenError, NotFoundError } from '#server/errors.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { type BypassFeeId, bypassFees } from '#shared/content/bypass-fees.ts'
import { type VerificationStatus, type VerificationType, verificationTypeLabels, verificationTypes } from '#shared/content/verification.ts'
import type { ReviewVerificationInput } from '#shared/schemas/verification.ts'
import { recordActivity } from './achievements.ts'
import { auditEntry } from './moderation.ts'
import { notify } from './notifications.ts'
import { deleteDocument, documentUrl, storeDocument } from './verification-documents.ts'
import { vouchOverview } from './vouches.ts'

export const NOT_A_REVIEWER = 'Only moderators can review verifications.'
const SUBMISSION_NOT_FOUND = 'That submission is no longer waiting for review.'
const OWN_SUBMISSION = "You can't review your own submission."
const QUEUE_LIMIT = 50

type Review = z.output<typeof ReviewVerificationInput>

export async function isModerator(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId))
  return row?.role === 'moderator'
}

/** What the member gave for a verification and where it stands; never where its document is stored. */
export const verificationRecordColumns = {
  type: verifications.type,
  status: verifications.status,
  details: verifications.details,
  documentType: verifications.documentType,
  submittedAt: verifications.submittedAt,
  reviewedAt: verifications.reviewedAt,
  rejectionReason: verifications.rejectionReason,
}

/** The member's three records (not_started where nothing was submitted), as the Overview tab shows them. */
export async function verificationOverview(db: Database, userId: string) {
  const [rows, [profile], reviewer, vouch] = await Promise.all([
    db
      .select({ ...verificationRecordColumns, documentId: verifications.documentId })
      .from(verifications)
      .where(eq(verifications.userId, userId)),
    db.select({ isVerified: profiles.isVerified }).from(profiles).where(eq(profiles.userId, userId)),
    isModerator(db, userId),
    vouchOverview(db, userId),
  ])
  const records = verificationTypes.map((type) => {
    const row = rows.find((candidate) => candidate.type === type)
    if (!row) {
      return {
        type,
        status: 'not_started' as VerificationStatus,
        submittedAt: null,
        verifiedAt: null,
        reviewedAt: null,
        rejectionReason: null,
        details: null,
        documentUrl: null,
        documentType: null,
      }
    }
    const settled = row.status === 'verified' || row.status === 'bypass_paid'
    return {
      type,
      status: row.status as VerificationStatus,
      submittedAt: row.submittedAt.toISOString(),
      verifiedAt: settled && row.reviewedAt ? row.reviewedAt.toISOString() : null,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
      details: row.details,
      documentUrl: row.documentId ? documentUrl(row.documentId) : null,
      documentType: row.documentType,
    }
  })
  return { records, isVerified: profile?.isVerified ?? false, isReviewer: reviewer, vouch }
}

export function alreadySubmitted(type: VerificationType, status: string): DomainError {
  const label = verificationTypeLabels[type].toLowerCase()
  if (status === 'pending') return new ConflictError(`Your ${label} verification is already pending review.`)
  if (status === 'bypass_paid') return new ConflictError('Your income bypass is already active.')
  return new ConflictError(`Your ${label} verification is already complete.`)
}

interface Submission {
  type: VerificationType
  details: VerificationDetails
  document?: Uint8Array
}

/**
 * Stores the document (checked by content), then writes the record as pending. A member may submit
 * a type once, or again after a rejection: the upsert only overwrites a rejected row, so two racing
 * submissions cannot both land. The replaced document's file is removed afterwards.
 */
export async function submitVerification(db: Database, uploadsDir: string, userId: string, submission: Submission, now = new Date()) {
  const { type, details } = submission
  const [existing] = await db
    .select({ status: verifications.status, documentId: verifications.documentId })
    .from(verifications)
    .where(and(eq(verifications.userId, userId), eq(verifications.type, type)))
  if (existing && existing.status !== 'rejected') throw alreadySubmitted(type, existing.status)

  const stored = submission.document ? await storeDocument(uploadsDir, submission.document) : null
  const values = {
    status: 'pending' as const,
    details,
    documentId: stored?.documentId ?? null,
    documentType: stored?.documentType ?? null,
    submittedAt: now,
    reviewedAt: null,
    reviewerId: null,
    rejectionReason: null,
    updatedAt: now,
  }
  const written = await db
    .insert(verifications)
    .values({ id: randomId(), userId, type, ...values, createdAt: now })
    .onConflictDoUpdate({
      target: [verifications.userId, verifications.type],
      set: values,
      setWhere: eq(verifications.status, 'rejected'),
    })
    .returning({ id: verifications.id })
  if (written.length === 0) {
    if (stored) await deleteDocument(uploadsDir, stored.documentId)
    const [current] = await db
      .select({ status: verifications.status })
      .from(verifications)
      .where(and(eq(verifications.userId, userId), eq(verifications.type, type)))
    throw alreadySubmitted(type, current?.status ?? 'pending')
  }
  if (existing?.documentId && existing.documentId !== stored?.documentId) await deleteDocument(uploadsDir, existing.documentId)
  return verificationOverview(db, userId)
}

/**
 * A pending bypass is a request from before the fee was paid through checkout: nothing for a
 * moderator to review, and the member may pay it now (startBypassCheckout).
 */
const notAnUnpaidBypass = sql`coalesce(json_extract(${verifications.details}, '$.method'), '') <> 'bypass'`

/** A bypass that was requested but never paid (see notAnUnpaidBypass): paying it replaces the record. */
export function isUnpaidBypass(row: { status: string; details: unknown }): boolean {
  return row.status === 'pending' && (row.details as { method?: string } | null)?.method === 'bypass'
}

export function bypassDetails(tier: string, bypassLevel: BypassFeeId): VerificationDetails {
  const fee = bypassFees.find((candidate) => candidate.id === bypassLevel)!
  return { tier, method: 'bypass', bypassLevel, bypassAmountUsd: fee.amountUsd }
}

/** Pending submissions, oldest first, with who sent them and the document to check. */
export async function reviewQueue(db: Database) {
  const rows = await db
    .select({
      id: verifications.id,
      type: verifications.type,
      details: verifications.details,
      documentId: verifications.documentId,
      documentType: verifications.documentType,
      submittedAt: verifications.submittedAt,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .where(and(eq(verifications.status, 'pending'), notAnUnpaidBypass))
    .orderBy(asc(verifications.submittedAt), asc(verifications.id))
    .limit(QUEUE_LIMIT)
  return rows.map(({ documentId, firstName, lastName, userId, submittedAt, ...row }) => ({
    ...row,
    submittedAt: submittedAt.toISOString(),
    member: { userId, firstName, lastName },
    documentUrl: documentId ? documentUrl(documentId) : null,
  }))
}

/**
 * Approves or rejects a pending submission in one batch: the status, and for an approved faith
 * record the profile's Verified badge. The member's achievements are then brought up to date.
 * A bypass is never reviewed: paying its fee through checkout makes it bypass_paid (services/billing.ts).
 */
export async function reviewVerification(db: Database, bus: Bus, reviewerId: string, review: Review, now = new Date()) {
  const approve = review.decision === 'approve'
  const [updated] = await db.batch([
    db
      .update(verifications)
      .set({
        status: approve ? 'verified' : 'rejected',
        reviewedAt: now,
        reviewerId,
        rejectionReason: approve ? null : review.reason,
        updatedAt: now,
      })
      .where(
        and(
          eq(verifications.id, review.verificationId),
          eq(verifications.status, 'pending'),
          notAnUnpaidBypass,
          ne(verifications.userId, reviewerId),
        ),
      )
      .returning({ userId: verifications.userId, type: verifications.type, status: verifications.status }),
    db
      .update(profiles)
      .set({ isVerified: true, updatedAt: now })
      .where(
        sql`${profiles.userId} = (select ${verifications.userId} from ${verifications}
          where ${verifications.id} = ${review.verificationId} and ${verifications.type} = 'faith' and ${verifications.status} = 'verified')`,
      ),
  ])
  const [result] = updated
  if (!result) {
    const [row] = await db
      .select({ userId: verifications.userId, status: verifications.status })
      .from(verifications)
      .where(eq(verifications.id, review.verificationId))
    if (row?.status === 'pending' && row.userId === reviewerId) throw new ForbiddenError(OWN_SUBMISSION)
    throw new NotFoundError(SUBMISSION_NOT_FOUND)
  }
  await auditEntry(
    db,
    {
      moderatorId: reviewerId,
      targetId: result.userId,
      action: approve ? 'approve_verification' : 'reject_verification',
      reason: review.reason || `${verificationTypeLabels[result.type]} verification approved`,
      subjectId: review.verificationId,
    },
    now,
  )
  const payload = { verificationId: review.verificationId, verificationStatus: approve ? ('verified' as const) : ('rejected' as const) }
  await notify(db, bus, { userId: result.userId, type: 'verification_decision', payload }, now)
  if (approve) await recordActivity(db, bus, result.userId, 'verification_approved', now)
  return { id: review.verificationId, type: result.type, status: result.status as VerificationStatus }
}

/** Who may open a document: its owner and moderators; everyone else gets null (served as 404). */
export async function documentForViewer(db: Database, viewerId: string, documentId: string) {
  const [row] = await db
    .select({ userId: verifications.userId, documentType: verifications.documentType, viewerRole: users.role })
    .from(verifications)
    .innerJoin(users, eq(users.id, viewerId))
    .where(eq(verifications.documentId, documentId))
  if (!row?.documentType) return null
  if (row.userId !== viewerId && row.viewerRole !== 'moderator') return null
  return { documentType: row.documentType }
}
