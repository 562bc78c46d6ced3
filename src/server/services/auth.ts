import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { preparedOnce } from '#db/prepared.ts'
import { profiles, users } from '#db/schema/index.ts'
import { decoyPasswordHash, hashPassword, verifyPassword } from '#server/auth/password.ts'
import { endSessionsOf } from '#server/auth/sessions.ts'
import { consumeAccountToken, deleteAccountTokens, INVALID_LINK, insertAccountToken, newAccountToken } from '#server/auth/tokens.ts'
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '#server/errors.ts'
import { enqueueMail } from '#server/mail/mail-job.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { BANNED_EMAIL, isBannedEmail } from './moderation.ts'
import { photoUrl } from './photo-urls.ts'

/** A conflict the OAuth flow also recognises, to link instead of create. */
export class EmailTakenError extends ConflictError {
  constructor() {
    super('An account with this email already exists. Please sign in instead.')
  }
}

/** Asked on every page load and after every sign-in, so drizzle builds it once. */
const memberSummary = preparedOnce((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      plan: users.plan,
      emailVerifiedAt: users.emailVerifiedAt,
      passwordHash: users.passwordHash,
      photoId: profiles.photoId,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(),
)

/** The member as the client and the spec's GET /api/auth/user see them. */
export async function currentUser(db: Database, userId: string) {
  const [row] = await memberSummary(db).all({ userId })
  if (!row) return null
  const { photoId, emailVerifiedAt, passwordHash, ...user } = row
  return {
    ...user,
    profileImageUrl: photoId ? photoUrl(photoId) : null,
    emailVerified: emailVerifiedAt !== null,
    /** False for a member who only ever signed in with Google or Facebook: they set one through a reset link. */
    hasPassword: passwordHash !== null,
  }
}

export interface NewAccount {
  email: string
  password: string | null
  firstName: string
  lastName: string
  /** Set when a provider vouched for the address; a typed address waits for its link. */
  emailVerifiedAt?: Date | null
}

/** Creates the user and an empty profile in one batch; the email is already lower-cased by the schema. */
export async function createAccount(db: Database, account: NewAccount): Promise<string> {
  if (await isBannedEmail(db, account.email)) throw new ForbiddenError(BANNED_EMAIL)
  const passwordHash = account.password === null ? null : await hashPassword(account.password)
  const id = randomId()
  try {
    await db.batch([
      db.insert(users).values({
        id,
        email: account.email,
        passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        emailVerifiedAt: account.emailVerifiedAt ?? null,
      }),
      db.insert(profiles).values({ userId: id }),
    ])
    return id
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError()
    throw error
  }
}

const credentialsOf = preparedOnce((db) =>
  db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare(),
)

/** The user id when the password matches; the same work is done for an unknown email. */
export async function checkCredentials(db: Database, email: string, password: string): Promise<string | null> {
  const [user] = await credentialsOf(db).all({ email })
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password)
  return user?.passwordHash && matches ? user.id : null
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause ?? error
  const text = `${(cause as { code?: string }).code ?? ''} ${(cause as { message?: string }).message ?? ''}`
  return text.includes('SQLITE_CONSTRAINT') && text.includes('UNIQUE')
}

const ALREADY_VERIFIED = 'Your email address is already verified.'
export const RESET_REQUESTED =
  "If an account uses that email, we've sent it a link to choose a new password. The link works for 30 minutes."

/** Registration and "resend": a fresh link to the member's current address. */
export async function sendVerificationEmail(db: Database, userId: string) {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new NotFoundError('Account not found')
  if (user.verifiedAt) throw new ConflictError(ALREADY_VERIFIED)
  const { token, row } = newAccountToken(userId, 'verify-email', user.email)
  await db.batch([
    insertAccountToken(db, row),
    enqueueMail(db, { to: user.email, template: 'verify-email', props: { token, firstName: user.firstName } }),
  ])
  return { email: user.email }
}

/**
 * A verification link confirms the address it was sent to, if it is still the member's; a change-of-address
 * link moves the account to the new address, which is verified by the same click.
 */
export async function verifyEmail(db: Database, token: string, now = new Date()) {
  const spent = await consumeAccountToken(db, token, ['verify-email', 'change-email'], now)
  if (!spent) throw new InvalidInputError(INVALID_LINK)
  if (spent.purpose === 'verify-email') {
    const [updated] = await db
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, spent.userId), eq(users.email, spent.email)))
      .returning({ email: users.email })
    if (!updated) throw new InvalidInputError(INVALID_LINK)
    return { email: updated.email, changed: false }
  }
  try {
    await db.batch([
      db.update(users).set({ email: spent.email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, spent.userId)),
      deleteAccountTokens(db, spent.userId, 'change-email'),
    ])
  } catch (error) {
    // Someone registered the address between the request and the click.
    if (isUniqueViolation(error)) throw new EmailTakenError()
    throw error
  }
  return { email: spent.email, changed: true }
}

/** Sends a reset link when the address has an account; the caller answers the same either way. */
export async function requestPasswordReset(db: Database, email: string) {
  const [user] = await db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.email, email))
  if (!user) return
  const { token, row } = newAccountToken(user.id, 'reset-password', email)
  await db.batch([
    insertAccountToken(db, row),
    enqueueMail(db, { to: email, template: 'reset-password', props: { token, firstName: user.firstName } }),
  ])
}

/**
 * Sets the new password from a reset link. Whoever held the account before (a stranger who registered
 * the address, a thief with an old password) loses every session, and every other link dies; the
 * address is verified, since the link was read there. Answers the member to sign in.
 */
export async function resetPassword(db: Database, bus: Bus, token: string, password: string, now = new Date()) {
  const spent = await consumeAccountToken(db, token, ['reset-password'], now)
  if (!spent) throw new InvalidInputError(INVALID_LINK)
  const passwordHash = await hashPassword(password)
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, spent.userId)),
    db
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, spent.userId), eq(users.email, spent.email), isNull(users.emailVerifiedAt))),
    deleteAccountTokens(db, spent.userId),
  ])
  await endSessionsOf(db, bus, spent.userId)
  return spent.userId
}
