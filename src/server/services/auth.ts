import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { profiles, users } from '#db/schema/index.ts'
import { decoyPasswordHash, hashPassword, verifyPassword } from '#server/auth/password.ts'
import { ConflictError } from '#server/errors.ts'
import { photoUrl } from './photo-urls.ts'

/** A conflict the OAuth flow also recognises, to link instead of create. */
export class EmailTakenError extends ConflictError {
  constructor() {
    super('An account with this email already exists. Please sign in instead.')
  }
}

/** The member as the client and the spec's GET /api/auth/user see them. */
export async function currentUser(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      plan: users.plan,
      photoId: profiles.photoId,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  if (!row) return null
  const { photoId, ...user } = row
  return { ...user, profileImageUrl: photoId ? photoUrl(photoId) : null }
}

export interface NewAccount {
  email: string
  password: string | null
  firstName: string
  lastName: string
}

/** Creates the user and an empty profile in one batch; the email is already lower-cased by the schema. */
export async function createAccount(db: Database, account: NewAccount): Promise<string> {
  const passwordHash = account.password === null ? null : await hashPassword(account.password)
  const id = randomId()
  try {
    await db.batch([
      db.insert(users).values({ id, email: account.email, passwordHash, firstName: account.firstName, lastName: account.lastName }),
      db.insert(profiles).values({ userId: id }),
    ])
    return id
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError()
    throw error
  }
}

/** The user id when the password matches; the same work is done for an unknown email. */
export async function checkCredentials(db: Database, email: string, password: string): Promise<string | null> {
  const [user] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email))
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password)
  return user?.passwordHash && matches ? user.id : null
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause ?? error
  const text = `${(cause as { code?: string }).code ?? ''} ${(cause as { message?: string }).message ?? ''}`
  return text.includes('SQLITE_CONSTRAINT') && text.includes('UNIQUE')
}
