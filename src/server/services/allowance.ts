import { and, count, eq, gt } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { likes, messages, rateLimits } from '#db/schema/index.ts'
import { limitsOf } from '#shared/logic/entitlements.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { counselingKey } from './counseling.ts'

const DAY_MS = 86_400_000

/**
 * What the member's plan still allows in the current 24 hours, counted the way each send is
 * checked: likes and messages over the last 24 hours, counseling in its daily window. Null: unlimited.
 */
export async function allowanceToday(db: Database, member: { id: string; plan: PlanId }, now = new Date()) {
  const limits = limitsOf(member.plan)
  const since = new Date(now.getTime() - DAY_MS)
  const [[liked], [sent], [asked]] = await Promise.all([
    limits.likesPerDay === null
      ? [undefined]
      : db
          .select({ total: count() })
          .from(likes)
          .where(and(eq(likes.senderId, member.id), gt(likes.createdAt, since))),
    limits.messagesPerDay === null
      ? [undefined]
      : db
          .select({ total: count() })
          .from(messages)
          .where(and(eq(messages.senderId, member.id), gt(messages.createdAt, since))),
    db
      .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(eq(rateLimits.key, counselingKey(member.id))),
  ])
  const left = (limit: number | null, used: number) => (limit === null ? null : Math.max(0, limit - used))
  const counselingUsed = asked && asked.windowStart > now.getTime() - DAY_MS ? asked.count : 0
  return {
    plan: member.plan,
    likesLeft: left(limits.likesPerDay, liked?.total ?? 0),
    messagesLeft: left(limits.messagesPerDay, sent?.total ?? 0),
    counselingLeft: Math.max(0, limits.counselingPerDay - counselingUsed),
    quantumMatches: limits.quantumMatches,
  }
}
