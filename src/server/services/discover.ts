import { and, between, count, desc, eq, gt, inArray, isNotNull, lte, ne, notInArray, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '#db/client.ts'
import { likes, profiles, users, verifications } from '#db/schema/index.ts'
import { ForbiddenError, InvalidInputError } from '#server/errors.ts'
import { planById } from '#shared/content/plans.ts'
import { hasFeature, type PlanFeature } from '#shared/logic/entitlements.ts'
import type { DiscoverInput } from '#shared/schemas/members.ts'
import { type PlanId, planIds } from '#shared/schemas/plan-ids.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import type { Gender } from '#shared/schemas/profile-options.ts'
import { boundingBox, milesBetween, type Point } from './distance.ts'
import { blockedEitherWay, incognitoTo } from './members.ts'
import { photoUrl } from './photo-urls.ts'
import { placeLabel } from './profile.ts'

type DiscoverFilter = z.output<typeof DiscoverInput>

export const DISCOVER_PAGE_SIZE = 24
export const COMPLETE_PROFILE_FIRST = 'Please complete your profile to discover members.'
export const STALE_CURSOR = 'This list has changed. Please refresh to see more members.'

/**
 * With at most this many candidates near the member, reading them all and sorting is cheapest; with
 * more, walking the activity index and stopping after one page is (docs/decisions/007).
 */
const NEARBY_SORT_LIMIT = 1000
/** Rows read per round when a radius filter drops some rows in JavaScript. */
const RADIUS_BATCH = 100
const DAY_MS = 86_400_000
const RADIUS_MILES = { 'within-10': 10, 'within-50': 50 } as const
/** Spotlighted members placed at the top of a first page. */
const SPOTLIGHT_SLOTS = 2
/** The most recently active spotlight members who fit, among whom the week's pick rotates. */
const SPOTLIGHT_POOL = 50
const WEEK_MS = 7 * DAY_MS

export const ADVANCED_FILTERS_LOCKED = `Advanced filters are part of ${planById.premium.name} and above. Upgrade to use them.`
export const CIRCLE_LOCKED = `The income-verified circle is part of ${planById.millionaire.name} and above.`

const plansWith = (feature: PlanFeature) => planIds.filter((plan) => hasFeature(plan, feature))
const spotlightPlans = plansWith('weekly_spotlight')
const circlePlans = plansWith('private_circle')
/** Verified degrees at or above each education filter. */
const degreesFrom = {
  bachelors: ['bachelors', 'masters', 'doctorate', 'professional'],
  masters: ['masters', 'doctorate', 'professional'],
  doctorate: ['doctorate', 'professional'],
} as const

/** The spec's Profile: exactly these fields, nothing private (no birth date, coordinates or distance). */
export interface DiscoverProfile {
  id: string
  userId: string
  age: number
  bio: string
  location: string
  denomination: string | null
  isVerified: boolean
  user: { firstName: string; profileImageUrl: string | null }
  /** Placed at the top as this week's spotlight (a Quantum Soul member or above who fits the filters). */
  spotlight?: true
}

interface Discoverer extends Point {
  userId: string
  gender: Gender
  state: string
  country: string
}

const candidateColumns = {
  id: profiles.id,
  userId: profiles.userId,
  birthDate: profiles.birthDate,
  bio: profiles.bio,
  city: profiles.city,
  state: profiles.state,
  country: profiles.country,
  latitude: profiles.latitude,
  longitude: profiles.longitude,
  denomination: profiles.denomination,
  isVerified: profiles.isVerified,
  photoId: profiles.photoId,
  faithJourney: profiles.faithJourney,
  churchName: profiles.churchName,
  spiritualGifts: profiles.spiritualGifts,
  firstName: users.firstName,
  lastName: users.lastName,
  lastActiveAt: users.lastActiveAt,
}

interface Cursor {
  lastActiveAt: number
  id: string
  /** Members shown in the first page's spotlight, kept out of the pages after it. */
  spotlighted: string[]
}

/**
 * One page of members for the Discover feed: the other gender only, never the member themself,
 * members already liked, blocked either way, paused or incognito; filtered by age, denomination and
 * place, and on paid plans by the advanced filters and the circle. Pages follow recent activity (a
 * keyset on last activity and id, stable while members are liked); a first page opens with the
 * week's spotlight.
 */
export async function discover(db: Database, member: { id: string; plan: PlanId }, filter: DiscoverFilter, today = new Date()) {
  const advanced = advancedConditions(filter)
  if (advanced.length > 0 && !hasFeature(member.plan, 'advanced_filters')) throw new ForbiddenError(ADVANCED_FILTERS_LOCKED)
  if (filter.circle && !hasFeature(member.plan, 'private_circle')) throw new ForbiddenError(CIRCLE_LOCKED)
  const viewer = await discoverer(db, member.id)
  const radius = filter.location === 'within-10' || filter.location === 'within-50' ? RADIUS_MILES[filter.location] : null
  const pool = poolConditions(viewer, filter, today)
  const nearbyFirst = filter.location && filter.location !== 'anywhere' ? (await poolSize(db, pool)) <= NEARBY_SORT_LIMIT : false
  const cursor = decodeCursor(filter.cursor)
  const fits = [...pool, ...advanced, ...exclusionsFor(viewer.userId)]
  const withinRadius = (row: Candidate) =>
    radius === null || milesBetween(viewer, { latitude: row.latitude!, longitude: row.longitude! }) <= radius
  const spotlight = cursor ? [] : await weeklySpotlight(db, fits, withinRadius, today)
  const spotlighted = cursor?.spotlighted ?? spotlight.map((row) => row.userId)
  const skip = spotlighted.length > 0 ? [notInArray(users.id, spotlighted)] : []

  const read = (after: Cursor | null, limit: number) =>
    candidates(db, nearbyFirst, and(...fits, ...skip, after ? before(after) : undefined), limit)

  const wanted = DISCOVER_PAGE_SIZE - spotlight.length + 1
  const found: Candidate[] = []
  let after = cursor
  for (;;) {
    const batch = radius ? RADIUS_BATCH : wanted
    const rows = await read(after, batch)
    for (const row of rows) {
      if (!withinRadius(row)) continue
      found.push(row)
      if (found.length === wanted) break
    }
    if (found.length === wanted || rows.length < batch) break
    const lastRead = rows.at(-1)!
    after = { lastActiveAt: lastRead.lastActiveAt.getTime(), id: lastRead.userId, spotlighted }
  }

  const page = found.slice(0, wanted - 1)
  const last = page.at(-1)
  const nextCursor =
    found.length === wanted && last ? encodeCursor({ lastActiveAt: last.lastActiveAt.getTime(), id: last.userId, spotlighted }) : null
  const now = today.getTime()
  // Within a page: the same day's activity first, then verified members, then fuller profiles.
  const ranked = page
    .map((row) => ({ row, day: Math.floor((now - row.lastActiveAt.getTime()) / DAY_MS), completeness: completeness(row) }))
    .sort((a, b) => a.day - b.day || Number(b.row.isVerified) - Number(a.row.isVerified) || b.completeness - a.completeness)
  return {
    profiles: [
      ...spotlight.map((row) => ({ ...toDiscoverProfile(row, today), spotlight: true as const })),
      ...ranked.map(({ row }) => toDiscoverProfile(row, today)),
    ],
    nextCursor,
  }
}

/**
 * Up to SPOTLIGHT_SLOTS members on a spotlight plan who fit the viewer's filters, picked from the
 * most recently active ones by a hash that changes each week: every such member takes turns.
 */
async function weeklySpotlight(db: Database, fits: SQL[], withinRadius: (row: Candidate) => boolean, today: Date) {
  const rows = await candidates(db, false, and(...fits, inArray(users.plan, spotlightPlans)), SPOTLIGHT_POOL)
  const week = Math.floor(today.getTime() / WEEK_MS)
  return rows
    .filter(withinRadius)
    .map((row) => ({ row, turn: weeklyTurn(row.userId, week) }))
    .sort((a, b) => a.turn - b.turn)
    .slice(0, SPOTLIGHT_SLOTS)
    .map(({ row }) => row)
}

/** FNV-1a over the week and the member id: a stable order for the week, a new one the next. */
function weeklyTurn(userId: string, week: number): number {
  let hash = 2_166_136_261
  for (const char of `${week}:${userId}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619)
  return hash >>> 0
}

/** The advanced filters (each a hard filter) and the circle, on the candidate's profile, plan and verifications. */
function advancedConditions(filter: DiscoverFilter): SQL[] {
  const conditions: SQL[] = []
  if (filter.verifiedOnly) conditions.push(eq(profiles.isVerified, true))
  if (filter.sabbathKeepersOnly) conditions.push(eq(profiles.isSabbathKeeper, true))
  if (filter.withPhotos) conditions.push(isNotNull(profiles.photoId))
  if (filter.denominations && filter.denominations.length > 0) conditions.push(inArray(profiles.denomination, filter.denominations))
  if (filter.education) {
    conditions.push(sql`exists (select 1 from ${verifications} where ${verifications.userId} = ${profiles.userId}
      and ${verifications.type} = 'education' and ${verifications.status} = 'verified'
      and json_extract(${verifications.details}, '$.degreeType') in ${degreesFrom[filter.education]})`)
  }
  if (filter.circle) conditions.push(inArray(users.plan, circlePlans))
  return conditions
}

/** Who a member never meets: paused members, themself, members they liked, blocks either way, and incognito members who did not like them. */
function exclusionsFor(userId: string): SQL[] {
  return [
    eq(users.status, 'active'),
    ne(profiles.userId, userId),
    sql`not exists (select 1 from ${likes} where ${likes.senderId} = ${userId} and ${likes.receiverId} = ${profiles.userId})`,
    sql`not ${blockedEitherWay(userId, profiles.userId)}`,
    sql`not ${incognitoTo(userId)}`,
  ]
}

/**
 * The members Discover would show with no filter, most recently active first, at most `limit`:
 * the pool other rankings (quantum matches) score.
 */
export async function candidatePool(db: Database, userId: string, limit: number, today = new Date()) {
  const viewer = await discoverer(db, userId)
  return candidates(db, false, and(...poolConditions(viewer, {}, today), ...exclusionsFor(viewer.userId)), limit)
}

/**
 * Nearby-first reads the few profiles in the box or state and sorts them; activity-first walks
 * users by last activity (index users_discover_idx) and stops after `limit` rows. CROSS JOIN fixes
 * that loop order: SQLite never reorders it (https://sqlite.org/optoverview.html#crossjoin).
 */
function candidates(db: Database, nearbyFirst: boolean, where: SQL | undefined, limit: number) {
  const query = nearbyFirst
    ? db.select(candidateColumns).from(profiles).crossJoin(users)
    : db.select(candidateColumns).from(users).crossJoin(profiles)
  return query
    .where(and(eq(profiles.userId, users.id), where))
    .orderBy(desc(users.lastActiveAt), desc(users.id))
    .limit(limit)
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number]

async function discoverer(db: Database, userId: string): Promise<Discoverer> {
  const [me] = await db
    .select({
      gender: profiles.gender,
      birthDate: profiles.birthDate,
      latitude: profiles.latitude,
      longitude: profiles.longitude,
      state: profiles.state,
      country: profiles.country,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  if (!me?.gender || !me.birthDate || me.latitude === null || me.longitude === null || !me.state || !me.country) {
    throw new InvalidInputError(COMPLETE_PROFILE_FIRST)
  }
  return { userId, gender: me.gender, latitude: me.latitude, longitude: me.longitude, state: me.state, country: me.country }
}

/** Conditions on the profile alone (gender, age, place, denomination): what the profile indexes answer. */
function poolConditions(viewer: Discoverer, filter: DiscoverFilter, today: Date): SQL[] {
  const conditions: SQL[] = [eq(profiles.gender, viewer.gender === 'man' ? 'woman' : 'man')]
  // Age a ⇔ born on or before today's date a years ago, and after today's date a + 1 years ago.
  if (filter.ageMin !== undefined) conditions.push(lte(profiles.birthDate, yearsAgo(today, filter.ageMin)))
  if (filter.ageMax !== undefined) conditions.push(gt(profiles.birthDate, yearsAgo(today, filter.ageMax + 1)))
  if (filter.ageMin === undefined && filter.ageMax === undefined) conditions.push(isNotNull(profiles.birthDate))
  if (filter.location === 'same-state') {
    conditions.push(eq(profiles.country, viewer.country), eq(profiles.state, viewer.state))
  } else if (filter.location === 'within-10' || filter.location === 'within-50') {
    const box = boundingBox(viewer, RADIUS_MILES[filter.location])
    conditions.push(between(profiles.latitude, box.minLatitude, box.maxLatitude))
    conditions.push(between(profiles.longitude, box.minLongitude, box.maxLongitude))
  } else {
    // A place is always stored whole (city, state, country and coordinates), so the branches above
    // imply it; only "anywhere" has to ask.
    conditions.push(isNotNull(profiles.latitude))
  }
  if (filter.denomination && filter.denomination !== 'any') conditions.push(eq(profiles.denomination, filter.denomination))
  return conditions
}

/** Counted from the (gender, place, birth date) indexes alone; cheap even in a crowded city. */
async function poolSize(db: Database, pool: SQL[]): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(profiles)
    .where(and(...pool))
  return row?.total ?? 0
}

function before(cursor: Cursor): SQL {
  return sql`(${users.lastActiveAt}, ${users.id}) < (${cursor.lastActiveAt}, ${cursor.id})`
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.lastActiveAt, cursor.id, ...cursor.spotlighted])).toString('base64url')
}

function decodeCursor(cursor: string | null | undefined): Cursor | null {
  if (!cursor) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length >= 2 &&
      value.length <= 2 + SPOTLIGHT_SLOTS &&
      Number.isSafeInteger(value[0]) &&
      value.slice(1).every((id) => typeof id === 'string')
    ) {
      return { lastActiveAt: value[0], id: value[1], spotlighted: value.slice(2) }
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new InvalidInputError(STALE_CURSOR)
}

/** YYYY-MM-DD of today's calendar date `years` back (29 February stays 29 February and compares correctly). */
function yearsAgo(today: Date, years: number): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(today.getFullYear() - years).padStart(4, '0')}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`
}

function completeness(row: {
  photoId: string | null
  bio: string
  faithJourney: string | null
  churchName: string
  spiritualGifts: string
}) {
  return [row.photoId, row.bio, row.faithJourney, row.churchName, row.spiritualGifts].filter(Boolean).length
}

function toDiscoverProfile(row: Candidate, today: Date): DiscoverProfile {
  return {
    id: row.id,
    userId: row.userId,
    age: ageOn(row.birthDate!, today),
    bio: row.bio,
    location: placeLabel(row.city!, row.state!, row.country!),
    denomination: row.denomination,
    isVerified: row.isVerified,
    user: { firstName: row.firstName, profileImageUrl: row.photoId ? photoUrl(row.photoId) : null },
  }
}
