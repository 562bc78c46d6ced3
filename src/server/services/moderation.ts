import { createHash } from 'node:crypto'
import { and, asc, desc, eq, lte, ne, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { preparedOnce } from '#db/prepared.ts'
import { bannedEmails, type ModerationActionKind, messages, moderationActions, photos, profiles, reports, users } from '#db/schema/index.ts'
import { endSessionsOf } from '#server/auth/sessions.ts'
import { ConflictError, ForbiddenError, NotFoundError } from '#server/errors.ts'
import type { Bus } from '#server/realtime/bus.ts'
import type { ModerationDecision } from '#shared/schemas/moderation.ts'
import { notify } from './notifications.ts'
import { photoUrl } from './photo-urls.ts'

export const REPORT_ALREADY_HANDLED = 'Another moderator has already handled this report.'
export const BANNED_EMAIL = 'This email address cannot be used to register. If you think this is a mistake, contact support.'
export const BANNED = 'This account has been closed for breaking our community guidelines.'
const DAY_MS = 86_400_000

const suspensionEnd = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

export function suspendedMessage(until: Date): string {
  return `Your account is suspended until ${suspensionEnd.format(until)} for breaking our community guidelines.`
}

/** Addresses are kept only as this digest once banned, so the list names nobody. */
function emailDigest(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex')
}

export async function isBannedEmail(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ at: bannedEmails.bannedAt })
    .from(bannedEmails)
    .where(eq(bannedEmails.emailHash, emailDigest(email)))
  return Boolean(row)
}

const standingOf = preparedOnce((db) =>
  db
    .select({ status: users.status, until: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(),
)

/**
 * Refuses a sign-in while the member is suspended or banned, with the reason and the end date; a
 * suspension that has run out is lifted here, even before the job runner gets to it.
 */
export async function requireGoodStanding(db: Database, userId: string, now = new Date()) {
  const [member] = await standingOf(db).all({ userId })
  if (member?.status === 'banned') throw new ForbiddenError(BANNED)
  if (member?.status !== 'suspended') return
  if (member.until && member.until > now) throw new ForbiddenError(suspendedMessage(member.until))
  await liftSuspensions(db, now, userId)
}

/** Ends the suspensions that have run their course (the job runner's sweep); answers how many. */
export async function liftSuspensions(db: Database, now = new Date(), userId?: string) {
  const lifted = await db
    .update(users)
    .set({ status: 'active', suspendedUntil: null, updatedAt: now })
    .where(and(eq(users.status, 'suspended'), lte(users.suspendedUntil, now), userId ? eq(users.id, userId) : undefined))
    .returning({ id: users.id })
  return lifted.length
}

const reporter = alias(users, 'reporter')
const moderator = alias(users, 'moderator')

/**
 * The console's queue: open reports oldest first, each with the reported member's profile and
 * photos, earlier reports and actions about them, and, when the report came from a conversation,
 * the messages of it the reporter could see.
 */
export async function reportQueue(db: Database, moderatorId: string) {
  const open = await db
    .select({
      id: reports.id,
      createdAt: reports.createdAt,
      origin: reports.origin,
      reason: reports.reason,
      details: reports.details,
      conversationId: reports.conversationId,
      reporter: { id: reports.reporterId, firstName: reporter.firstName, lastName: reporter.lastName },
      reportedId: reports.reportedId,
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    // A report about the moderator is for another moderator to decide.
    .where(and(eq(reports.status, 'open'), ne(reports.reportedId, moderatorId)))
    .orderBy(asc(reports.createdAt), asc(reports.id))
  return Promise.all(
    open.map(async (report) => ({
      ...report,
      reporter: report.reporter.id ? report.reporter : null,
      reported: await memberOnFile(db, report.reportedId, report.id),
      conversation: report.conversationId ? await conversationSeenBy(db, report.conversationId, report.reporter.id) : [],
    })),
  )
}

/** What a moderator needs to judge a member: profile, photos, status, and their history with us. */
async function memberOnFile(db: Database, userId: string, currentReportId: string) {
  const [member] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
      suspendedUntil: users.suspendedUntil,
      joinedAt: users.createdAt,
      bio: profiles.bio,
      city: profiles.city,
      state: profiles.state,
      country: profiles.country,
      denomination: profiles.denomination,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  if (!member) throw new NotFoundError('Member not found')
  const [photoRows, earlierReports, actions] = await Promise.all([
    db.select({ id: photos.id }).from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.createdAt)),
    db
      .select({ id: reports.id, createdAt: reports.createdAt, reason: reports.reason, status: reports.status, outcome: reports.outcome })
      .from(reports)
      .where(and(eq(reports.reportedId, userId), ne(reports.id, currentReportId)))
      .orderBy(desc(reports.createdAt)),
    auditLog(db, { targetId: userId }),
  ])
  return { ...member, photoUrls: photoRows.map((photo) => photoUrl(photo.id)), earlierReports, actions }
}

/** A reported conversation as the reporter saw it: every message of it, oldest first (the scam guard sees the sender's). */
async function conversationSeenBy(db: Database, conversationId: string, reporterId: string | null) {
  const rows = await db
    .select({ id: messages.id, senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id))
  return rows.map((row) => ({ ...row, fromReporter: row.senderId === reporterId }))
}

/** The audit log, newest first: the whole of it, or what concerns one member. */
export async function auditLog(db: Database, options: { targetId?: string; limit?: number } = {}) {
  const target = alias(users, 'target')
  return db
    .select({
      id: moderationActions.id,
      createdAt: moderationActions.createdAt,
      action: moderationActions.action,
      reason: moderationActions.reason,
      until: moderationActions.until,
      reportId: moderationActions.reportId,
      moderator: { id: moderationActions.moderatorId, firstName: moderator.firstName, lastName: moderator.lastName },
      target: { id: moderationActions.targetId, firstName: target.firstName, lastName: target.lastName },
    })
    .from(moderationActions)
    .leftJoin(moderator, eq(moderator.id, moderationActions.moderatorId))
    .innerJoin(target, eq(target.id, moderationActions.targetId))
    .where(options.targetId ? eq(moderationActions.targetId, options.targetId) : undefined)
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(options.limit ?? 200)
}

/** One line of the audit log: who, what, about whom, when and why. */
export function auditEntry(
  db: Database,
  entry: {
    moderatorId: string | null
    targetId: string
    action: ModerationActionKind
    reason: string
    reportId?: string
    until?: Date
    subjectId?: string
  },
  now = new Date(),
) {
  return db.insert(moderationActions).values({ id: randomId(), ...entry, createdAt: now })
}

const outcomeOf = { dismiss: 'dismissed', warn: 'warned', suspend: 'suspended', ban: 'banned' } as const

export const OWN_REPORT = "You can't decide a report about yourself."
export const MODERATOR_STANDING = "A moderator can't be suspended or banned from the console: ask an operator to change their role first."

/**
 * A suspension never shortens what stands: a banned member stays banned, and a longer suspension keeps
 * its end. (Reports about a member already banned can still be filed from an old conversation.)
 */
const suspendedStatus = sql`case when ${users.status} = 'banned' then 'banned' else 'suspended' end`
const suspendedEnd = (until: Date) =>
  sql`case when ${users.status} = 'banned' then null
    when ${users.status} = 'suspended' and ${users.suspendedUntil} > ${until.getTime()} then ${users.suspendedUntil}
    else ${until.getTime()} end`

/**
 * A moderator's decision on a report. Dismissing closes that report; warning, suspending or
 * banning closes every open report on the member. Each reporter is told the report was acted on
 * (not what was done); the decision goes to the audit log. A suspension or ban ends every session
 * and socket of the member on every app process at once.
 */
export async function actOnReport(db: Database, bus: Bus, moderatorId: string, decision: ModerationDecision, now = new Date()) {
  const [report] = await db
    .select({ id: reports.id, reportedId: reports.reportedId, status: reports.status, email: users.email, role: users.role })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reportedId))
    .where(eq(reports.id, decision.reportId))
  if (!report) throw new NotFoundError('Report not found')
  if (report.reportedId === moderatorId) throw new ForbiddenError(OWN_REPORT)
  // One moderator cannot take another out of the console; an operator changes a moderator's standing.
  if (report.role === 'moderator' && (decision.action === 'suspend' || decision.action === 'ban')) {
    throw new ForbiddenError(MODERATOR_STANDING)
  }
  if (report.status !== 'open') throw new ConflictError(REPORT_ALREADY_HANDLED)
  const targetId = report.reportedId
  const until = decision.action === 'suspend' ? new Date(now.getTime() + decision.days * DAY_MS) : undefined
  const closes = decision.action === 'dismiss' ? eq(reports.id, report.id) : eq(reports.reportedId, targetId)
  // The audit line is written only while the report is still open, and everything after it holds only
  // if it was: a second moderator's decision in the same instant changes nothing.
  const auditId = randomId()
  const decided = sql`exists (select 1 from ${moderationActions} decided where decided.id = ${auditId})`
  const resolve = (which: SQL) =>
    db
      .update(reports)
      .set({ status: 'resolved', outcome: outcomeOf[decision.action], resolvedAt: now, resolvedBy: moderatorId })
      .where(and(which, eq(reports.status, 'open'), decided))
      .returning({ id: reports.id, reporterId: reports.reporterId })
  const [, claim, closed] = await db.batch([
    db.run(sql`insert into ${moderationActions} (id, moderator_id, target_id, action, reason, report_id, until, created_at)
      select ${auditId}, ${moderatorId}, ${targetId}, ${decision.action}, ${decision.reason}, ${report.id}, ${until?.getTime() ?? null},
        ${now.getTime()} where exists (select 1 from ${reports} open where open.id = ${report.id} and open.status = 'open')`),
    resolve(eq(reports.id, report.id)),
    resolve(and(closes, ne(reports.id, report.id))!),
    ...standingChange(db, { id: targetId, email: report.email }, decision, until, now, decided),
  ])
  if (claim.length === 0) throw new ConflictError(REPORT_ALREADY_HANDLED)
  const told = [...claim, ...closed]
  if (decision.action === 'suspend' || decision.action === 'ban') await endSessionsOf(db, bus, targetId)
  if (decision.action === 'warn') {
    await notify(db, bus, { userId: targetId, type: 'moderation_warning', payload: { reason: decision.reason } }, now)
  }
  for (const { id, reporterId } of told) {
    if (reporterId) await notify(db, bus, { userId: reporterId, type: 'report_outcome', payload: { reportId: id } }, now)
  }
  return { closedReports: told.length }
}

function standingChange(
  db: Database,
  member: { id: string; email: string },
  decision: ModerationDecision,
  until: Date | undefined,
  now: Date,
  claimed: SQL,
) {
  if (decision.action === 'suspend') {
    return [
      db
        .update(users)
        .set({ status: suspendedStatus, suspendedUntil: suspendedEnd(until!), updatedAt: now })
        .where(and(eq(users.id, member.id), claimed)),
    ]
  }
  if (decision.action !== 'ban') return []
  return [
    db
      .update(users)
      .set({ status: 'banned', suspendedUntil: null, updatedAt: now })
      .where(and(eq(users.id, member.id), claimed)),
    db.run(sql`insert into ${bannedEmails} (email_hash, banned_at) select ${emailDigest(member.email)}, ${now.getTime()}
      where ${claimed} on conflict (email_hash) do nothing`),
  ]
}
