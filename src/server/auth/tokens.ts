import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { type AccountTokenPurpose, accountTokens } from '#db/schema/index.ts'

const MINUTE_MS = 60_000

/** How long each kind of emailed link works. */
const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  'reset-password': 30 * MINUTE_MS,
  'verify-email': 48 * 60 * MINUTE_MS,
  'change-email': 48 * 60 * MINUTE_MS,
}

export const INVALID_LINK = 'This link is invalid or has expired. Please request a new one.'

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A new link token: 256 random bits for the email, only its hash in the database. */
export function newAccountToken(userId: string, purpose: AccountTokenPurpose, email: string, now = new Date()) {
  const token = randomBytes(32).toString('base64url')
  const row = {
    userId,
    purpose,
    email,
    tokenHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    createdAt: now,
  }
  return { token, row }
}

export function insertAccountToken(db: Pick<Database, 'insert'>, row: ReturnType<typeof newAccountToken>['row']) {
  return db.insert(accountTokens).values(row)
}

/**
 * Spends a token in one statement: of two requests racing with the same link, exactly one gets the row.
 * Null when the token is unknown, used, expired or meant for something else.
 */
export async function consumeAccountToken(db: Database, token: string, purposes: readonly AccountTokenPurpose[], now = new Date()) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash(token)),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
        inArray(accountTokens.purpose, [...purposes]),
      ),
    )
    .returning({ userId: accountTokens.userId, purpose: accountTokens.purpose, email: accountTokens.email })
  return row ?? null
}

/** Every link of the member stops working: a new password voids what was sent before it. */
/** Voids the member's emailed links: all of them, or those of one purpose. */
export function deleteAccountTokens(db: Pick<Database, 'delete'>, userId: string, purpose?: AccountTokenPurpose) {
  return db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), purpose === undefined ? undefined : eq(accountTokens.purpose, purpose)))
}

/** Used tokens, and expired ones, serve nothing: the job runner prunes them. */
export async function pruneAccountTokens(db: Database, now = new Date()) {
  const removed = await db
    .delete(accountTokens)
    .where(or(lt(accountTokens.expiresAt, now), lt(accountTokens.usedAt, new Date(now.getTime() - MINUTE_MS))))
    .returning({ id: accountTokens.id })
  return removed.length
}
