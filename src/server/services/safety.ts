import { and, asc, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { blocks, conversations, profiles, reports, users } from '#db/schema/index.ts'
import { InvalidInputError, NotFoundError } from '#server/errors.ts'
import type { ReportReason } from '#shared/content/report-reasons.ts'
import { endMatchStatements } from './matches.ts'
import { orderedPair, requireExistingMember } from './members.ts'
import { photoUrl } from './photo-urls.ts'

export const CANNOT_BLOCK_YOURSELF = "You can't block yourself."
export const CANNOT_REPORT_YOURSELF = "You can't report yourself."
export const BLOCK_NOT_FOUND = 'You have not blocked this member.'

/**
 * Blocks a member, in one batch: the block, and the end of anything between them (the match, the
 * conversation, both likes). Discover, profiles, likes, matches and notifications check blocks in
 * both directions, so each member disappears for the other at once. Blocking twice is harmless.
 */
export async function blockMember(db: Database, blockerId: string, blockedId: string, now = new Date()) {
  if (blockerId === blockedId) throw new InvalidInputError(CANNOT_BLOCK_YOURSELF)
  await requireExistingMember(db, blockedId)
  await db.batch([
    db.insert(blocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing(),
    ...endMatchStatements(db, blockerId, blockedId, now),
  ])
}

/** Lifting a block does not bring back the ended match: the two are strangers again. */
export async function unblockMember(db: Database, blockerId: string, blockedId: string) {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId })
  if (removed.length === 0) throw new NotFoundError(BLOCK_NOT_FOUND)
}

/** Whom the member has blocked, so they can recognise and unblock them (a first name and photo only). */
export async function listBlocks(db: Database, blockerId: string) {
  const rows = await db
    .select({ userId: blocks.blockedId, firstName: users.firstName, photoId: profiles.photoId, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt))
  return rows.map(({ photoId, ...row }) => ({ ...row, profileImageUrl: photoId ? photoUrl(photoId) : null }))
}

export interface NewReport {
  reason: ReportReason
  details: string
  /** A conversation between the two members the report is made from. */
  conversationId?: string
}

/** Stores a report for the moderators (`npx tsx scripts/reports.ts`); it does not block by itself. */
export async function reportMember(db: Database, reporterId: string, reportedId: string, report: NewReport) {
  if (reporterId === reportedId) throw new InvalidInputError(CANNOT_REPORT_YOURSELF)
  await requireExistingMember(db, reportedId)
  if (report.conversationId) await requireConversationBetween(db, report.conversationId, reporterId, reportedId)
  const id = randomId()
  await db
    .insert(reports)
    .values({ id, reporterId, reportedId, reason: report.reason, details: report.details, conversationId: report.conversationId ?? null })
  return { id }
}

/** Only a conversation between the reporter and the member they report can go with the report. */
async function requireConversationBetween(db: Database, conversationId: string, reporterId: string, reportedId: string) {
  const [low, high] = orderedPair(reporterId, reportedId)
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.participant1Id, low), eq(conversations.participant2Id, high)))
  if (!row) throw new NotFoundError('Conversation not found')
}

const reporter = alias(users, 'reporter')
const reported = alias(users, 'reported')

/**
 * For operators (scripts/reports.ts): reports with both members' names and emails, oldest first. A
 * report the scam guard opened has no reporter.
 */
export async function listReports(db: Database, options: { includeResolved?: boolean } = {}) {
  return db
    .select({
      id: reports.id,
      createdAt: reports.createdAt,
      status: reports.status,
      reason: reports.reason,
      details: reports.details,
      origin: reports.origin,
      reporter: { id: reporter.id, firstName: reporter.firstName, lastName: reporter.lastName, email: reporter.email },
      reported: { id: reported.id, firstName: reported.firstName, lastName: reported.lastName, email: reported.email },
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(reported, eq(reported.id, reports.reportedId))
    .where(options.includeResolved ? undefined : eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt), asc(reports.id))
}
