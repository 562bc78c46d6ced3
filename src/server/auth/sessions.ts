import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, lt, ne, notInArray, or, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { commitTogether } from '#db/group-commit.ts'
import { preparedOnce, preparedWrite } from '#db/prepared.ts'
import { sessions, users } from '#db/schema/index.ts'
import type { Bus } from '#server/realtime/bus.ts'

export const SESSION_COOKIE = 'covenant_session'
const DAY_MS = 86_400_000
/** Touching the session on every request would turn reads into writes. */
const TOUCH_INTERVAL_MS = 60_000

export interface SessionPolicy {
  idleDays: number
  absoluteDays: number
}

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  plan: users.plan,
  status: users.status,
}

/** A session's stored id: the SHA-256 of its cookie token. */
export function sessionIdFor(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Longer user agents are cut: the member only needs enough to recognise the browser. */
const USER_AGENT_MAX = 256

const insertSession = preparedWrite((db) =>
  db.insert(sessions).values({
    id: sql.placeholder('id'),
    userId: sql.placeholder('userId'),
    createdAt: sql.placeholder('now'),
    lastSeenAt: sql.placeholder('now'),
    expiresAt: sql.placeholder('expiresAt'),
    userAgent: sql.placeholder('userAgent'),
  }),
)

export async function createSession(db: Database, userId: string, policy: SessionPolicy, userAgent: string | null, now = new Date()) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + policy.absoluteDays * DAY_MS)
  await commitTogether(db, [
    insertSession(db, { id: sessionIdFor(token), userId, now, expiresAt, userAgent: userAgent?.slice(0, USER_AGENT_MAX) || null }),
  ])
  return { token, expiresAt }
}

/** The member's live sessions, newest use first. */
export function listSessions(db: Database, userId: string, policy: SessionPolicy, now = new Date()) {
  const idleCutoff = new Date(now.getTime() - policy.idleDays * DAY_MS)
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
    .orderBy(desc(sessions.lastSeenAt))
}

/** Deletes the member's sessions, all or all but one; answers the ids that ended. */
async function deleteSessionsOf(db: Database, userId: string, keepSessionId: string | null) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined))
    .returning({ id: sessions.id })
  return rows.map((row) => row.id)
}

/** Every request asks it, so drizzle builds it once. */
const liveSession = preparedOnce((db) =>
  db
    .select({ user: sessionUserColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleCutoff')),
        // Suspending or banning deletes the member's sessions; this keeps any that raced it shut.
        notInArray(users.status, ['suspended', 'banned']),
      ),
    )
    .prepare(),
)

/** A session's touch: every member's first request of each minute writes these two, so drizzle builds them once. */
const touchSession = preparedWrite((db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}` })
    .where(eq(sessions.id, sql.placeholder('id'))),
)
const stampActivity = preparedWrite((db) =>
  db
    .update(users)
    .set({ lastActiveAt: sql`${sql.placeholder('now')}` })
    .where(eq(users.id, sql.placeholder('userId'))),
)

/** The session's user, or null when the token is unknown, idle too long or past its absolute expiry. */
export async function validateSession(db: Database, token: string, policy: SessionPolicy, now = new Date()) {
  const id = sessionIdFor(token)
  const idleCutoff = new Date(now.getTime() - policy.idleDays * DAY_MS)
  const [row] = await liveSession(db).all({ id, now, idleCutoff })
  if (!row) return null
  // Written at the turn's end without the request waiting for it: requests held in memory behind a
  // write made V8 keep every request's objects in its old generation (docs/decisions/040). A touch
  // that fails is tried again by the session's next request.
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    commitTogether(db, [touchSession(db, { id, now }), stampActivity(db, { userId: row.user.id, now })]).catch(() => undefined)
  }
  return { sessionId: id, user: row.user }
}

/** The deleted session, so the caller can close the sockets it opened; null when it was already gone. */
export async function deleteSessionByToken(db: Database, token: string) {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.id, sessionIdFor(token)))
    .returning({ id: sessions.id, userId: sessions.userId })
  return row ?? null
}

export async function deleteExpiredSessions(db: Database, policy: SessionPolicy, now = new Date()) {
  const idleCutoff = new Date(now.getTime() - policy.idleDays * DAY_MS)
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)))
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean, now = new Date()): string {
  const maxAge = Math.floor((expiresAt.getTime() - now.getTime()) / 1000)
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=')
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim()
  }
  return undefined
}

/**
 * Signs the member out of every session but `keepSessionId` (all of them when null), and every app
 * process closes the sockets those sessions opened. Answers how many ended.
 */
export async function endSessionsOf(db: Database, bus: Bus, userId: string, keepSessionId: string | null = null) {
  const ended = await deleteSessionsOf(db, userId, keepSessionId)
  if (ended.length > 0) bus.publish({ type: 'sessions-ended', recipients: [userId], sessionIds: ended })
  return ended.length
}
