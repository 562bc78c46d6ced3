import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Database } from '#db/client.ts'
import { blocks, likes, profiles, users } from '#db/schema/index.ts'
import { NotFoundError } from '#server/errors.ts'
import { hasFeature } from '#shared/logic/entitlements.ts'
import type { MemberGlimpse } from '#shared/schemas/notifications.ts'
import { planIds } from '#shared/schemas/plan-ids.ts'
import { photoUrl } from './photo-urls.ts'

const MEMBER_NOT_FOUND = 'This member is no longer available.'

export function memberNotFound() {
  return new NotFoundError(MEMBER_NOT_FOUND)
}

/** A pair of members in the order matches store it, so both members name the same row. */
export function orderedPair(a: string, b: string): [low: string, high: string] {
  return a < b ? [a, b] : [b, a]
}

/** True in SQL when either member has blocked the other. */
export function blockedEitherWay(memberId: string | Placeholder, other: SQLiteColumn | SQL | Placeholder | string): SQL {
  return sql`(exists (select 1 from ${blocks} where ${blocks.blockerId} = ${memberId} and ${blocks.blockedId} = ${other})
    or exists (select 1 from ${blocks} where ${blocks.blockerId} = ${other} and ${blocks.blockedId} = ${memberId}))`
}

/** Plans that still allow browsing incognito: on any other plan the flag is ignored. */
export const incognitoPlans = planIds.filter((plan) => hasFeature(plan, 'incognito'))

/**
 * True in SQL when the member in the `users` row browses incognito (and their plan still allows it)
 * and has not liked the viewer: such a member is seen only by members they have liked.
 */
function incognitoTo(viewerId: string): SQL {
  return sql`(${users.incognito} = 1 and ${inArray(users.plan, incognitoPlans)}
    and not exists (select 1 from ${likes} where ${likes.senderId} = ${users.id} and ${likes.receiverId} = ${viewerId}))`
}

/**
 * The member another member may see and act on: active (not paused), not blocked either way, and
 * not of the viewer's own gender (discovery pairs a man with women and a woman with men), and not
 * incognito towards the viewer. Anything else is NOT_FOUND, the same answer as for an id that never existed.
 */
export async function requireVisibleMember(db: Database, viewerId: string, memberId: string) {
  const viewerGender = sql`(select ${profiles.gender} from ${profiles} where ${profiles.userId} = ${viewerId})`
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(users.id, memberId),
        eq(users.status, 'active'),
        sql`not ${blockedEitherWay(viewerId, users.id)}`,
        sql`not ${incognitoTo(viewerId)}`,
        sql`(${profiles.gender} is null or ${viewerGender} is null or ${profiles.gender} <> ${viewerGender})`,
      ),
    )
  if (!row) throw memberNotFound()
}

/** Any member that exists, paused or not (a report or a block may name a paused member). */
export async function requireExistingMember(db: Database, memberId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, memberId))
  if (!row) throw memberNotFound()
}

/** Members as a notification or the match moment shows them: first name and photo, in the order asked. */
export async function memberGlimpses(db: Database, memberIds: string[]): Promise<MemberGlimpse[]> {
  if (memberIds.length === 0) return []
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, photoId: profiles.photoId })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, memberIds))
  const byId = new Map(
    rows.map((row) => [row.id, { id: row.id, firstName: row.firstName, photoUrl: row.photoId ? photoUrl(row.photoId) : null }]),
  )
  return memberIds.flatMap((id) => byId.get(id) ?? [])
}
