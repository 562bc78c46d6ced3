import { desc, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { likePasses, likes, users } from '#db/schema/index.ts'
import { ConflictError, InvalidInputError } from '#server/errors.ts'
import { memberNotFound } from './members.ts'

export const CANNOT_PASS_YOURSELF = "You can't pass on your own profile."
export const ALREADY_LIKED = 'You have already liked this member, so they can no longer be passed.'

/**
 * Passes on a member, from Discover or Likes You: they leave both for the member who passed and are
 * never told. A member may be passed while paused (they may still sit in Likes You), but not once liked
 * (a match begins with a like, so a matched member is liked too). Passing twice is harmless.
 */
export async function passMember(db: Database, userId: string, passedUserId: string, now = new Date()) {
  if (passedUserId === userId) throw new InvalidInputError(CANNOT_PASS_YOURSELF)
  const [member] = await db
    .select({
      liked: sql<number>`exists (select 1 from ${likes} where ${likes.senderId} = ${userId} and ${likes.receiverId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, passedUserId))
  if (!member) throw memberNotFound()
  if (member.liked) throw new ConflictError(ALREADY_LIKED)
  await db.insert(likePasses).values({ userId, passedUserId, createdAt: now }).onConflictDoNothing()
  return { success: true }
}

/**
 * Takes back the member's newest pass (one statement, so two quick undos take back two passes, never
 * the same one twice); `userId` is the member restored, or null when nothing is left to undo.
 */
export async function undoLastPass(db: Database, userId: string): Promise<{ userId: string | null }> {
  const newest = db
    .select({ rowid: sql`rowid` })
    .from(likePasses)
    .where(eq(likePasses.userId, userId))
    .orderBy(desc(likePasses.createdAt), desc(sql`rowid`))
    .limit(1)
  const [restored] = await db.delete(likePasses).where(sql`rowid = (${newest})`).returning({ userId: likePasses.passedUserId })
  return { userId: restored?.userId ?? null }
}
