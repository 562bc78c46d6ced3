import { createHash, randomBytes } from 'node:crypto'
import { and, type Column, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { users, type VerificationDetails, verifications, vouchRequests } from '#db/schema/index.ts'
import { ConflictError, ForbiddenError, InvalidInputError, LimitReachedError, NotFoundError } from '#server/errors.ts'
import { enqueueMail } from '#server/mail/mail-job.ts'
import type { Bus } from '#server/realtime/bus.ts'
import {
  VOUCH_LINK_DAYS,
  VOUCH_REQUESTS_PER_MEMBER_PER_DAY,
  VOUCH_REQUESTS_PER_PASTOR_PER_DAY,
  vouchStatement,
} from '#shared/content/vouch.ts'
import type { VouchDecision } from '#shared/schemas/vouch.ts'
import { notify } from './notifications.ts'
import { hitLimit, releaseHit } from './rate-limit.ts'

const DAY_MS = 86_400_000

const NO_FAITH_VERIFICATION = 'Please submit your faith verification first: your pastor is asked to vouch for what it names.'
const OWN_ADDRESS = 'Your pastor or elder must have their own email address, not yours.'
const ALREADY_VOUCHED = 'Your church has already vouched for you.'
const TOO_MANY_FROM_MEMBER = 'You have asked for several vouches today. Please wait a day before asking again.'
const TOO_MANY_TO_PASTOR = 'Your pastor has received several vouch requests today. Please try again tomorrow.'
const UNKNOWN_LINK = 'This vouch link is not valid. Please open it again from the email.'
const EXPIRED_LINK = 'This vouch link has expired or was replaced by a newer request. The member can send a new one.'
const DECIDED: Record<'confirmed' | 'declined' | 'revoked', string> = {
  confirmed: 'You have already confirmed this request. You can still revoke your confirmation here.',
  declined: 'You have already declined this request. Nothing more is needed.',
  revoked: 'You have already revoked your confirmation. Nothing more is needed.',
}
const NOTHING_TO_REVOKE = 'Only a confirmation can be revoked. Please confirm or decline first.'

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

type FaithDetails = Extract<VerificationDetails, { churchName: string }>

/** The member's faith verification while it stands (pending review or verified), with what it names. */
async function standingFaithVerification(db: Database, userId: string) {
  const [row] = await db
    .select({ id: verifications.id, details: verifications.details })
    .from(verifications)
    .where(and(eq(verifications.userId, userId), eq(verifications.type, 'faith'), inArray(verifications.status, ['pending', 'verified'])))
  return row ? { id: row.id, details: row.details as FaithDetails } : null
}

/**
 * True for a member whose standing faith verification holds a confirmed, unrevoked vouch from the
 * pastor it names: a resubmission naming someone else does not inherit the old confirmation.
 */
export function churchVouchedSql(userId: SQL | string | Column): SQL<number> {
  return sql<number>`exists (select 1 from ${vouchRequests} vr join ${verifications} v on v.id = vr.verification_id
    where vr.user_id = ${userId} and vr.status = 'confirmed' and v.type = 'faith' and v.status in ('pending', 'verified')
      and lower(trim(json_extract(v.details, '$.pastorEmail'))) = vr.pastor_email)`
}

async function isChurchVouched(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ vouched: churchVouchedSql(userId) }).from(sql`(select 1)`)
  return Boolean(row?.vouched)
}

/** Where a request to a pastor stands, as the member, the pastor and the member's export read it; never its token. */
export const vouchStandingColumns = {
  status: vouchRequests.status,
  pastorName: vouchRequests.pastorName,
  expiresAt: vouchRequests.expiresAt,
  decidedAt: vouchRequests.decidedAt,
}

/** Where the member's latest request stands, as their verification page shows it; null before the first. */
export async function vouchOverview(db: Database, userId: string, now = new Date()) {
  const [[latest], vouched] = await Promise.all([
    db
      .select({ ...vouchStandingColumns, createdAt: vouchRequests.createdAt })
      .from(vouchRequests)
      .where(eq(vouchRequests.userId, userId))
      .orderBy(desc(vouchRequests.createdAt), desc(vouchRequests.id))
      .limit(1),
    isChurchVouched(db, userId),
  ])
  if (!latest) return { churchVouched: vouched, request: null }
  const expired = latest.status === 'pending' && latest.expiresAt <= now
  return {
    churchVouched: vouched,
    request: {
      status: expired ? ('expired' as const) : latest.status,
      pastorName: latest.pastorName,
      requestedAt: latest.createdAt.toISOString(),
      decidedAt: latest.decidedAt?.toISOString() ?? null,
    },
  }
}

async function countRequest(db: Database, key: string, max: number, message: string) {
  const result = await hitLimit(db, key, { max, windowMs: DAY_MS })
  if (!result.allowed) throw new LimitReachedError(message, result.retryAfterSeconds)
}

/**
 * Emails the pastor or elder named in the member's faith verification a one-time link to vouch for
 * them. Counted per member and per pastor address (across all members), so nobody can use the
 * product to flood a church's inbox. A new request replaces an older one still waiting: its link
 * stops working.
 */
export async function requestVouch(db: Database, userId: string, now = new Date()) {
  const faith = await standingFaithVerification(db, userId)
  if (!faith) throw new NotFoundError(NO_FAITH_VERIFICATION)
  const [member] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
  if (!member) throw new NotFoundError(NO_FAITH_VERIFICATION)
  const pastorEmail = faith.details.pastorEmail.trim().toLowerCase()
  if (pastorEmail === member.email.toLowerCase()) throw new ForbiddenError(OWN_ADDRESS)
  if (await isChurchVouched(db, userId)) throw new ConflictError(ALREADY_VOUCHED)

  const memberKey = `vouch:member:${userId}`
  await countRequest(db, memberKey, VOUCH_REQUESTS_PER_MEMBER_PER_DAY, TOO_MANY_FROM_MEMBER)
  try {
    await countRequest(db, `vouch:pastor:${pastorEmail}`, VOUCH_REQUESTS_PER_PASTOR_PER_DAY, TOO_MANY_TO_PASTOR)
  } catch (err) {
    await releaseHit(db, memberKey)
    throw err
  }

  const token = randomBytes(32).toString('base64url')
  const memberName = `${member.firstName} ${member.lastName}`.trim()
  await db.batch([
    db
      .update(vouchRequests)
      .set({ expiresAt: now })
      .where(and(eq(vouchRequests.userId, userId), eq(vouchRequests.status, 'pending'), gt(vouchRequests.expiresAt, now))),
    db.insert(vouchRequests).values({
      id: randomId(),
      verificationId: faith.id,
      userId,
      pastorName: faith.details.pastorName,
      pastorEmail,
      tokenHash: tokenHash(token),
      status: 'pending',
      expiresAt: new Date(now.getTime() + VOUCH_LINK_DAYS * DAY_MS),
      createdAt: now,
    }),
    enqueueMail(db, {
      to: pastorEmail,
      template: 'vouch-request',
      props: { token, pastorName: faith.details.pastorName, memberName, churchName: faith.details.churchName },
    }),
  ])
  return vouchOverview(db, userId, now)
}

/** What the pastor sees behind the link: whom they are asked about, the statement, and where it stands. */
export async function vouchForPastor(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({
      ...vouchStandingColumns,
      revokedAt: vouchRequests.revokedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      details: verifications.details,
    })
    .from(vouchRequests)
    .innerJoin(users, eq(users.id, vouchRequests.userId))
    .innerJoin(verifications, eq(verifications.id, vouchRequests.verificationId))
    .where(eq(vouchRequests.tokenHash, tokenHash(token)))
  if (!row) throw new NotFoundError(UNKNOWN_LINK)
  if (row.status === 'pending' && row.expiresAt <= now) throw new InvalidInputError(EXPIRED_LINK)
  const memberName = `${row.firstName} ${row.lastName}`.trim()
  const { churchName } = row.details as FaithDetails
  return {
    memberName,
    memberFirstName: row.firstName,
    churchName,
    pastorName: row.pastorName,
    statement: vouchStatement(memberName, churchName),
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }
}

/** Why a decision found nothing to change: an unknown link, an expired one, or one already answered. */
async function refusal(db: Database, hash: string, decision: VouchDecision) {
  const [row] = await db
    .select({ status: vouchRequests.status, expiresAt: vouchRequests.expiresAt })
    .from(vouchRequests)
    .where(eq(vouchRequests.tokenHash, hash))
  if (!row) return new NotFoundError(UNKNOWN_LINK)
  if (row.status === 'pending') return decision === 'revoke' ? new ConflictError(NOTHING_TO_REVOKE) : new InvalidInputError(EXPIRED_LINK)
  if (decision === 'revoke' && row.status === 'declined') return new ConflictError(NOTHING_TO_REVOKE)
  return new ConflictError(DECIDED[row.status])
}

/**
 * The pastor's answer. Confirm and decline are spent in one statement on a pending, unexpired
 * request (two clicks racing: one wins); revoke turns a confirmation into revoked at any time
 * after, through the same link. The member is told of each; a decline also by email.
 */
export async function decideVouch(db: Database, bus: Bus, token: string, decision: VouchDecision, now = new Date()) {
  const hash = tokenHash(token)
  const [changed] =
    decision === 'revoke'
      ? await db
          .update(vouchRequests)
          .set({ status: 'revoked', revokedAt: now })
          .where(and(eq(vouchRequests.tokenHash, hash), eq(vouchRequests.status, 'confirmed')))
          .returning({ userId: vouchRequests.userId })
      : await db
          .update(vouchRequests)
          .set({ status: decision === 'confirm' ? 'confirmed' : 'declined', decidedAt: now })
          .where(and(eq(vouchRequests.tokenHash, hash), eq(vouchRequests.status, 'pending'), gt(vouchRequests.expiresAt, now)))
          .returning({ userId: vouchRequests.userId })
  if (!changed) throw await refusal(db, hash, decision)

  const vouchDecision = ({ confirm: 'confirmed', decline: 'declined', revoke: 'revoked' } as const)[decision]
  await notify(db, bus, { userId: changed.userId, type: 'vouch_decision', payload: { vouchDecision } }, now)
  if (vouchDecision === 'declined') {
    const [member] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, changed.userId))
    if (member) await enqueueMail(db, { to: member.email, template: 'vouch-declined', props: { firstName: member.firstName } })
  }
  return vouchForPastor(db, token, now)
}
