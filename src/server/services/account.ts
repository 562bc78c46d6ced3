import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { accountTokens, jobs, photos, rateLimits, sessions, users, verifications } from '#db/schema/index.ts'
import { hashPassword, verifyPassword } from '#server/auth/password.ts'
import { endSessionsOf, listSessions, type SessionPolicy } from '#server/auth/sessions.ts'
import { deleteAccountTokens, insertAccountToken, newAccountToken } from '#server/auth/tokens.ts'
import { ForbiddenError, InvalidInputError, NotFoundError } from '#server/errors.ts'
import { enqueueMail } from '#server/mail/mail-job.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { planById } from '#shared/content/plans.ts'
import { hasFeature } from '#shared/logic/entitlements.ts'
import type { ChangePasswordInput } from '#shared/schemas/account.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { EmailTakenError } from './auth.ts'
import { billingStripeSubscription, cancelAtStripe } from './billing.ts'
import { deletePhotoFiles } from './photos.ts'
import { deleteDocument } from './verification-documents.ts'

/** Compared as text, not as a pattern: an address may hold `*`, `?` or `%`. */
function keyEndsWith(suffix: string) {
  return sql`substr(${rateLimits.key}, ${-suffix.length}) = ${suffix}`
}

export async function accountStatusOf(db: Database, userId: string) {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId))
  if (!row) throw new NotFoundError('Account not found')
  return row
}

/**
 * Pausing hides the member from Discover and from other members' profile views until they resume.
 * Only between active and paused: a pause or resume that arrives just after a suspension or a ban
 * changes nothing, so it can never lift one.
 */
export async function setAccountStatus(db: Database, userId: string, status: 'active' | 'paused') {
  const changed = await db
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(users.id, userId), inArray(users.status, ['active', 'paused'])))
    .returning({ id: users.id })
  if (changed.length === 0) throw new ForbiddenError('Your account is not in good standing.')
  return { status }
}

export const INCOGNITO_LOCKED = `Incognito browsing is part of ${planById.elite.name} and above.`

/**
 * Whether the member browses incognito. Turning it on needs a plan with it; turning it off never
 * does. The setting outlives a lapsed plan but only takes effect while the plan allows it.
 */
export async function incognitoOf(db: Database, member: { id: string; plan: PlanId }) {
  const [row] = await db.select({ incognito: users.incognito }).from(users).where(eq(users.id, member.id))
  const available = hasFeature(member.plan, 'incognito')
  return { incognito: available && (row?.incognito ?? false), available }
}

export async function setIncognito(db: Database, member: { id: string; plan: PlanId }, incognito: boolean) {
  if (incognito && !hasFeature(member.plan, 'incognito')) throw new ForbiddenError(INCOGNITO_LOCKED)
  await db.update(users).set({ incognito, updatedAt: new Date() }).where(eq(users.id, member.id))
  return incognitoOf(db, member)
}

/**
 * Deletes the account and everything that names the member. Foreign keys cascade from `users`:
 * profile, photos, sessions, sign-in methods, likes, interests, blocks and reports both ways,
 * matches with their conversations and messages, notifications, verifications, interviews and
 * answers, achievements and activity, event RSVPs and Sabbath sign-ups, and the events the member
 * organized (with the RSVPs to them: an event without its organizer cannot go ahead). A moderator's
 * reviews of other members' verifications stay with those members, the reviewer cleared (`set null`).
 * Rate-limit counters name the member only inside their key, so they go by key. Then the sockets of
 * the member's sessions close and their files go: each photo in every size and every verification
 * document. A paid Stripe plan is cancelled at Stripe by a job queued with the deletion.
 */
export async function deleteAccount(db: Database, bus: Bus, uploadsDir: string, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) throw new NotFoundError('Account not found')
  const linkedAddresses = await db.select({ email: accountTokens.email }).from(accountTokens).where(eq(accountTokens.userId, userId))
  const addresses = [...new Set([user.email, ...linkedAddresses.map((row) => row.email)])]
  const billing = await billingStripeSubscription(db, userId)
  const [endedSessionRows, photoRows, documentRows] = await db.batch([
    db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }),
    db.delete(photos).where(eq(photos.userId, userId)).returning({ id: photos.id }),
    db.delete(verifications).where(eq(verifications.userId, userId)).returning({ documentId: verifications.documentId }),
    // Counters keyed by the member's id or email (sign-in and reset throttling) go too.
    db.delete(rateLimits).where(or(keyEndsWith(`:${userId}`), keyEndsWith(`:${user.email}`))),
    // Jobs about the member, waiting or kept after running, name them in their payload: emails to their
    // address (and to a new one they asked to move to), reminders, digests.
    db.delete(jobs).where(or(...[userId, ...addresses].map((text) => sql`instr(${jobs.payload}, ${text}) > 0`))),
    db.delete(users).where(eq(users.id, userId)),
    // After the jobs' deletion: this one names only the subscription, and must outlive the account.
    ...(billing ? [cancelAtStripe(db, billing)] : []),
  ])
  bus.publish({ type: 'sessions-ended', recipients: [userId], sessionIds: endedSessionRows.map((session) => session.id) })
  await Promise.all([
    ...photoRows.map((photo) => deletePhotoFiles(uploadsDir, photo.id)),
    ...documentRows.flatMap((row) => (row.documentId ? [deleteDocument(uploadsDir, row.documentId)] : [])),
  ])
}

const WRONG_PASSWORD = 'Your current password is incorrect.'
const NO_PASSWORD_YET = 'You have not set a password yet. Use "Forgot password?" to set one.'

/** The member's password hash after checking `password` against it; a wrong one is a field error. */
async function confirmPassword(db: Database, userId: string, password: string, field: string) {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new NotFoundError('Account not found')
  if (!user.passwordHash) throw new InvalidInputError(NO_PASSWORD_YET, { [field]: [NO_PASSWORD_YET] })
  if (!(await verifyPassword(user.passwordHash, password))) throw new InvalidInputError(WRONG_PASSWORD, { [field]: [WRONG_PASSWORD] })
  return user
}

/** A new password signs every other session out and voids every emailed link; this session stays. */
export async function changePassword(db: Database, bus: Bus, userId: string, currentSessionId: string | null, change: ChangePasswordInput) {
  await confirmPassword(db, userId, change.currentPassword, 'currentPassword')
  const passwordHash = await hashPassword(change.newPassword)
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)),
    deleteAccountTokens(db, userId),
  ])
  return { otherSessionsEnded: await endSessionsOf(db, bus, userId, currentSessionId) }
}

/**
 * Asks to move the account to a new address: a link goes to the new one (the change happens when it is
 * followed) and a notice to the old one, so a member whose account was taken over hears of it in time.
 */
export async function requestEmailChange(db: Database, userId: string, change: { email: string; password: string }) {
  const user = await confirmPassword(db, userId, change.password, 'password')
  if (change.email === user.email) throw new InvalidInputError(SAME_EMAIL, { email: [SAME_EMAIL] })
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, change.email))
  if (taken) throw new EmailTakenError()
  const { token, row } = newAccountToken(userId, 'change-email', change.email)
  await db.batch([
    // Only the newest request's link works: an address mistyped in an earlier one cannot take the account.
    deleteAccountTokens(db, userId, 'change-email'),
    insertAccountToken(db, row),
    enqueueMail(db, { to: change.email, template: 'confirm-email-change', props: { token, firstName: user.firstName } }),
    enqueueMail(db, { to: user.email, template: 'email-change-notice', props: { newEmail: change.email, firstName: user.firstName } }),
  ])
  return { pendingEmail: change.email }
}

const SAME_EMAIL = 'That is already your email address.'

/** The member's signed-in browsers; `id` is a short public handle, never the stored session id. */
export async function signedInDevices(db: Database, userId: string, policy: SessionPolicy, currentSessionId: string | null) {
  const rows = await listSessions(db, userId, policy)
  return rows.map((row) => ({
    id: row.id.slice(0, 16),
    userAgent: row.userAgent,
    createdAt: row.createdAt,
    lastUsedAt: row.lastSeenAt,
    current: row.id === currentSessionId,
  }))
}
