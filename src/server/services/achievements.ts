import { and, desc, eq, gte, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { commitTogether } from '#db/group-commit.ts'
import { oncePerDatabase, preparedOnce, preparedWrite } from '#db/prepared.ts'
import {
  eventRsvps,
  events,
  interests,
  likes,
  matches,
  memberActiveDays,
  memberActivities,
  messages,
  photos,
  profiles,
  userAchievements,
  users,
  verifications,
} from '#db/schema/index.ts'
import type { Bus } from '#server/realtime/bus.ts'
import {
  type AchievementDefinition,
  type AchievementMetric,
  achievementCatalog,
  achievementRarities,
  findAchievement,
} from '#shared/content/achievements.ts'
import { levelFor, towards } from '#shared/logic/achievements.ts'
import { blockedEitherWay } from './members.ts'
import { notify } from './notifications.ts'
import { photoUrl } from './photo-urls.ts'

/**
 * What a member just did. Call `recordActivity` after the action is stored; the engine reads the
 * stored rows, so calling it twice (or for an action that changed nothing) awards nothing twice.
 */
const activities = [
  'visit',
  'profile_updated',
  'photo_added',
  'like_sent',
  'interest_sent',
  'match_made',
  'message_sent',
  'prayer_shared',
  'verse_shared',
  'interview_completed',
  'event_created',
  'event_rsvp',
  'verification_approved',
] as const
export type Activity = (typeof activities)[number]

const attendance: AchievementMetric[] = ['eventsAttending', 'sabbathEventsAttending', 'potlucksAttending', 'summerRetreatsAttending']

/**
 * The metrics an activity can move, so recording one measures only those (a message should not
 * recount events and verifications). Every activity is also a day of activity.
 */
const metricsMovedBy: Record<Activity, AchievementMetric[]> = {
  visit: [],
  profile_updated: ['profileComplete'],
  photo_added: ['photos'],
  like_sent: ['likesSent'],
  interest_sent: ['interestsSent', 'likesSent'],
  match_made: ['matches'],
  message_sent: ['messagesSent'],
  prayer_shared: ['prayersShared', 'messagesSent'],
  verse_shared: ['versesShared', 'messagesSent'],
  interview_completed: ['interviewCompleted'],
  event_created: ['eventsOrganized', ...attendance],
  event_rsvp: attendance,
  verification_approved: ['faithVerified', 'incomeVerified', 'educationVerified', 'verificationsComplete'],
}
const dailyMetrics: AchievementMetric[] = ['streakDays', 'decemberVisits']
/** Activities no other table records, so they are counted in `member_activities`; a message, a like or an RSVP is its own row. */
const countedHere: ReadonlySet<Activity> = new Set(['interview_completed'])

export interface EarnedAchievement {
  id: string
  name: string
  points: number
  rarity: AchievementDefinition['rarity']
  category: AchievementDefinition['category']
}

const DAY_MS = 86_400_000
const LEADERBOARD_SIZE = 20
/** Enough history for the longest streak badge. */
const STREAK_WINDOW_DAYS = 40

function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10)
}

function earnedView(definition: AchievementDefinition): EarnedAchievement {
  const { id, name, points, rarity, category } = definition
  return { id, name, points, rarity, category }
}

/**
 * Notes the activity (its day, and a count for activities no other table keeps), then awards every
 * achievement the member has now reached, each with a notification. Each award is an `INSERT … ON
 * CONFLICT DO NOTHING RETURNING`, so concurrent calls award it once; the result lists only the
 * awards this call made.
 *
 * Other services add one line after their write, e.g. after a like is stored:
 *   `const earned = await recordActivity(db, bus, userId, 'like_sent')`
 */
export async function recordActivity(
  db: Database,
  bus: Bus,
  userId: string,
  activity: Activity,
  now = new Date(),
): Promise<EarnedAchievement[]> {
  const day = utcDay(now)
  const known = knownTo(db)
  // The day is written with the member's first activity of it; later ones (a conversation's every message) skip it.
  let newDay = false
  if (known.activeDay.get(userId) !== day) {
    const [written] = await commitTogether(db, [writeActiveDay(db, { userId, day })])
    newDay = written.rowsAffected > 0
    remember(known.activeDay, userId, day)
  }
  if (countedHere.has(activity)) {
    await commitTogether(db, [
      db
        .insert(memberActivities)
        .values({ userId, activity, count: 1, lastAt: now })
        .onConflictDoUpdate({
          target: [memberActivities.userId, memberActivities.activity],
          set: { count: sql`${memberActivities.count} + 1`, lastAt: now },
        }),
    ])
  }
  // The daily metrics move only with the member's first activity of a day.
  const moved = newDay ? [...metricsMovedBy[activity], ...dailyMetrics] : metricsMovedBy[activity]
  const earned = await awardReached(db, userId, now, new Set(moved))
  for (const achievement of earned) {
    await notify(db, bus, { userId, type: 'achievement_earned', payload: { achievementId: achievement.id } }, now)
  }
  return earned
}

/**
 * What this process has seen stored, per database: each member's last active day written, and the
 * achievements they hold. Both only grow while the member exists, so either may lag behind another
 * process's writes without harm: a day written twice and an award inserted twice each change nothing
 * (docs/decisions/036).
 */
interface Known {
  activeDay: Map<string, string>
  held: Map<string, Set<string>>
}
const knownTo = oncePerDatabase((): Known => ({ activeDay: new Map(), held: new Map() }))
/** Members remembered per kind; past it the memory starts again rather than growing with the community. */
const MEMBERS_REMEMBERED = 20_000

/** Keeps `value` under `key`; a memory holding `limit` others starts again rather than growing. */
function remember<T>(memory: Map<string, T>, key: string, value: T, limit = MEMBERS_REMEMBERED) {
  if (memory.size >= limit && !memory.has(key)) memory.clear()
  memory.set(key, value)
}

/** Awards whatever the member has reached and not yet been given (among achievements on these metrics, if named). */
async function awardReached(
  db: Database,
  userId: string,
  now = new Date(),
  metrics?: ReadonlySet<AchievementMetric>,
): Promise<EarnedAchievement[]> {
  if (metrics?.size === 0) return []
  const { held: heldByMember } = knownTo(db)
  let held = heldByMember.get(userId)
  if (!held) {
    held = await earnedIds(db, userId)
    remember(heldByMember, userId, held)
  }
  const open = achievementCatalog.filter((achievement) => !held.has(achievement.id) && (!metrics || metrics.has(achievement.metric)))
  if (open.length === 0) return []
  const measured = await measure(
    db,
    userId,
    open.map((achievement) => achievement.metric),
    now,
  )
  const reached = open.filter((achievement) => (measured[achievement.metric] ?? 0) >= achievement.target)
  if (reached.length === 0) return []
  const inserts = reached.map((achievement) =>
    insertAward(db, { userId, achievementId: achievement.id, points: achievement.points, achievedAt: now }),
  )
  const results = await commitTogether(db, inserts as [(typeof inserts)[number], ...typeof inserts])
  // Reached is held, whether this call or another inserted it.
  for (const achievement of reached) held.add(achievement.id)
  return results.flat().map((row) => earnedView(findAchievement(row.id)!))
}

async function earnedIds(db: Database, userId: string): Promise<Set<string>> {
  const rows = await heldAchievements(db).all({ userId })
  return new Set(rows.map((row) => row.id))
}

// Built once per database rather than on every call: a member's first activity of each day writes
// the day, reads the streak and often earns a badge; each member's badges held are read once per process.
const writeActiveDay = preparedWrite((db) =>
  db
    .insert(memberActiveDays)
    .values({ userId: sql.placeholder('userId'), day: sql.placeholder('day') })
    .onConflictDoNothing(),
)

const insertAward = preparedWrite((db) =>
  db
    .insert(userAchievements)
    .values({
      userId: sql.placeholder('userId'),
      achievementId: sql.placeholder('achievementId'),
      points: sql.placeholder('points'),
      achievedAt: sql.placeholder('achievedAt'),
    })
    .onConflictDoNothing()
    .returning({ id: userAchievements.achievementId }),
)

const recentActiveDays = preparedOnce((db) =>
  db
    .select({ day: memberActiveDays.day })
    .from(memberActiveDays)
    .where(and(eq(memberActiveDays.userId, sql.placeholder('userId')), gte(memberActiveDays.day, sql.placeholder('since'))))
    .orderBy(desc(memberActiveDays.day))
    .prepare(),
)

const heldAchievements = preparedOnce((db) =>
  db
    .select({ id: userAchievements.achievementId })
    .from(userAchievements)
    .where(eq(userAchievements.userId, sql.placeholder('userId')))
    .prepare(),
)

const count = (fragment: SQL) => sql<number>`(${fragment})`.mapWith(Number)

type ScalarMetric = Exclude<AchievementMetric, 'streakDays'>

/** Each metric as one scalar subquery over the rows that record it, for the member given when it runs. */
function metricQuery(metric: ScalarMetric, userId: Placeholder): SQL<number> {
  const attending = (extra: SQL) =>
    count(sql`select count(*) from ${eventRsvps} join ${events} on ${events.id} = ${eventRsvps.eventId}
      where ${eventRsvps.userId} = ${userId} and ${eventRsvps.status} = 'attending' and ${events.cancelledAt} is null and ${extra}`)
  const verified = (type: string, statuses: SQL) =>
    sql`exists (select 1 from ${verifications} where ${verifications.userId} = ${userId} and ${verifications.type} = ${type} and ${verifications.status} in ${statuses})`
  switch (metric) {
    case 'profileComplete':
      return count(sql`select count(*) from ${profiles} where ${profiles.userId} = ${userId}
        and ${profiles.gender} is not null and ${profiles.birthDate} is not null and ${profiles.latitude} is not null`)
    case 'photos':
      return count(sql`select count(*) from ${photos} where ${photos.userId} = ${userId}`)
    case 'likesSent':
      return count(sql`select count(*) from ${likes} where ${likes.senderId} = ${userId}`)
    case 'interestsSent':
      return count(sql`select count(*) from ${interests} where ${interests.senderId} = ${userId}`)
    case 'matches':
      return count(sql`select count(*) from ${matches} where ${matches.userLowId} = ${userId} or ${matches.userHighId} = ${userId}`)
    case 'messagesSent':
      return count(sql`select count(*) from ${messages} where ${messages.senderId} = ${userId}`)
    case 'prayersShared':
      return count(
        sql`select count(*) from ${messages} where ${messages.senderId} = ${userId} and ${messages.messageType} = 'prayer_request'`,
      )
    case 'versesShared':
      return count(sql`select count(*) from ${messages} where ${messages.senderId} = ${userId} and ${messages.messageType} = 'verse_share'`)
    case 'interviewCompleted':
      return count(sql`select count(*) from ${memberActivities} where ${memberActivities.userId} = ${userId}
        and ${memberActivities.activity} = 'interview_completed'`)
    case 'eventsOrganized':
      return count(sql`select count(*) from ${events} where ${events.organizerId} = ${userId} and ${events.cancelledAt} is null`)
    case 'eventsAttending':
      return attending(sql`1`)
    case 'sabbathEventsAttending':
      return attending(sql`${events.isSabbathEvent} = 1`)
    case 'potlucksAttending':
      return attending(sql`${events.eventType} = 'potluck'`)
    case 'summerRetreatsAttending':
      return attending(
        sql`${events.eventType} = 'retreat' and strftime('%m', ${events.startsAt} / 1000, 'unixepoch') in ('06', '07', '08')`,
      )
    case 'faithVerified':
      return count(sql`select ${verified('faith', sql`('verified')`)}`)
    case 'incomeVerified':
      return count(sql`select ${verified('income', sql`('verified', 'bypass_paid')`)}`)
    case 'educationVerified':
      return count(sql`select ${verified('education', sql`('verified')`)}`)
    case 'verificationsComplete':
      return count(sql`select ${verified('faith', sql`('verified')`)} + ${verified('income', sql`('verified', 'bypass_paid')`)}
        + ${verified('education', sql`('verified')`)}`)
    case 'decemberVisits':
      return count(sql`select count(*) from ${memberActiveDays} where ${memberActiveDays.userId} = ${userId}
        and substr(${memberActiveDays.day}, 6, 2) = '12'`)
  }
}

/** The metrics asked for; one not asked for is absent, and counts as 0. */
type Measured = Partial<Record<AchievementMetric, number>>

/**
 * The query measuring a set of metrics, built once per database and set: every message a member sends
 * measures the same set, and building it cost drizzle more than running it. Activities move a handful
 * of sets (narrowed by the badges a member holds); the badges page asks for every badge still open,
 * a set per combination held, so past MEASUREMENTS_KEPT the kept queries start again.
 */
const measurements = oncePerDatabase(() => new Map<string, ReturnType<typeof buildMeasurement>>())
const MEASUREMENTS_KEPT = 256

function buildMeasurement(db: Database, metrics: readonly ScalarMetric[]) {
  const userId = sql.placeholder('userId')
  return db
    .select(Object.fromEntries(metrics.map((metric) => [metric, metricQuery(metric, userId)])))
    .from(sql`(select 1)`)
    .prepare()
}

function measurement(db: Database, metrics: readonly ScalarMetric[]) {
  const kept = measurements(db)
  const key = metrics.join(' ')
  let query = kept.get(key)
  if (!query) {
    query = buildMeasurement(db, metrics)
    remember(kept, key, query, MEASUREMENTS_KEPT)
  }
  return query
}

/** The member's value for each metric asked for (one query). */
async function measure(db: Database, userId: string, wanted: readonly AchievementMetric[], now: Date): Promise<Measured> {
  const measured: Measured = {}
  const metrics = [...new Set(wanted)]
  const scalar = metrics.filter((metric): metric is ScalarMetric => metric !== 'streakDays')
  if (scalar.length > 0) {
    const [row] = await measurement(db, scalar).all({ userId })
    Object.assign(measured, row)
  }
  if (metrics.includes('streakDays')) measured.streakDays = await streakDays(db, userId, now)
  return measured
}

/** Consecutive UTC days of activity ending today (or yesterday, when today has none yet). */
async function streakDays(db: Database, userId: string, now: Date): Promise<number> {
  const since = utcDay(new Date(now.getTime() - STREAK_WINDOW_DAYS * DAY_MS))
  const rows = await recentActiveDays(db).all({ userId, since })
  const days = new Set(rows.map((row) => row.day))
  let cursor = now.getTime()
  if (!days.has(utcDay(now))) cursor -= DAY_MS
  let streak = 0
  while (days.has(utcDay(new Date(cursor)))) {
    streak += 1
    cursor -= DAY_MS
  }
  return streak
}

function achievementView(definition: AchievementDefinition) {
  const { id, name, description, category, rarity, points, requirement } = definition
  return { id, name, description, category, rarity, points, requirement }
}

const rarityRank = (rarity: AchievementDefinition['rarity']) => achievementRarities.indexOf(rarity)

/** The member's badges, newest first: the spec's Achievement with `achievedDate` and full progress. */
export async function listUserAchievements(db: Database, userId: string) {
  const rows = await db
    .select({ id: userAchievements.achievementId, achievedAt: userAchievements.achievedAt })
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId))
    .orderBy(desc(userAchievements.achievedAt), userAchievements.achievementId)
  return rows.flatMap((row) => {
    const definition = findAchievement(row.id)
    return definition ? [{ ...achievementView(definition), achievedDate: row.achievedAt.toISOString(), progress: 100 }] : []
  })
}

/** Badges still to earn, commonest first, each with how far the member is towards it. */
export async function listAvailableAchievements(db: Database, userId: string, now = new Date()) {
  const held = await earnedIds(db, userId)
  const open: AchievementDefinition[] = achievementCatalog.filter((achievement) => !held.has(achievement.id))
  const measured = await measure(
    db,
    userId,
    open.map((achievement) => achievement.metric),
    now,
  )
  return open
    .map((definition) => ({
      ...achievementView(definition),
      achievedDate: null,
      progress: towards(measured[definition.metric] ?? 0, definition.target),
    }))
    .sort((a, b) => rarityRank(a.rarity) - rarityRank(b.rarity) || a.points - b.points)
}

export async function rewards(db: Database, userId: string) {
  const [row] = await db
    .select({
      totalPoints: sql<number>`coalesce(sum(${userAchievements.points}), 0)`.mapWith(Number),
      badgeCount: sql<number>`count(*)`.mapWith(Number),
    })
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId))
  const totalPoints = row?.totalPoints ?? 0
  const standing = levelFor(totalPoints)
  return {
    totalPoints,
    level: standing.level,
    badgeCount: row?.badgeCount ?? 0,
    nextLevel: standing.nextLevel,
    pointsToNextLevel: standing.nextLevel ? standing.nextLevel.minPoints - totalPoints : 0,
  }
}

/** Members by points (then badges, then who got there first); first names and main photos only, and no one blocked either way. */
export async function leaderboard(db: Database, viewerId: string, limit = LEADERBOARD_SIZE) {
  const totalPoints = sql<number>`sum(${userAchievements.points})`.mapWith(Number)
  const rows = await db
    .select({
      userId: users.id,
      name: users.firstName,
      photoId: profiles.photoId,
      badgeCount: sql<number>`count(*)`.mapWith(Number),
      totalPoints,
    })
    .from(userAchievements)
    .innerJoin(users, eq(users.id, userAchievements.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.status, 'active'), sql`not ${blockedEitherWay(viewerId, users.id)}`))
    .groupBy(users.id)
    .orderBy(desc(totalPoints), desc(sql`count(*)`), sql`max(${userAchievements.achievedAt})`, users.id)
    .limit(limit)
  return rows.map(({ photoId, ...row }, index) => ({
    rank: index + 1,
    ...row,
    photoUrl: photoId ? photoUrl(photoId) : null,
    isCurrentMember: row.userId === viewerId,
  }))
}

/** Awards the member has not been told about yet (the client toasts them, then acknowledges). */
export async function unseenAchievements(db: Database, userId: string) {
  const rows = await db
    .select({ id: userAchievements.achievementId })
    .from(userAchievements)
    .where(and(eq(userAchievements.userId, userId), isNull(userAchievements.seenAt)))
    .orderBy(userAchievements.achievedAt)
  return rows.flatMap((row) => {
    const definition = findAchievement(row.id)
    return definition ? [earnedView(definition)] : []
  })
}

export async function acknowledgeAchievements(db: Database, userId: string, ids: string[], now = new Date()) {
  if (ids.length === 0) return { acknowledged: 0 }
  const rows = await db
    .update(userAchievements)
    .set({ seenAt: now })
    .where(and(eq(userAchievements.userId, userId), inArray(userAchievements.achievementId, ids), isNull(userAchievements.seenAt)))
    .returning({ id: userAchievements.achievementId })
  return { acknowledged: rows.length }
}
