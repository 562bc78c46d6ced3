import { and, between, count, desc, eq, gt, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '#db/client.ts'
import { likes, profiles, users } from '#db/schema/index.ts'
import { InvalidInputError } from '#server/errors.ts'
import type { DiscoverInput } from '#shared/schemas/members.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import type { Gender } from '#shared/schemas/profile-options.ts'
import { boundingBox, milesBetween, type Point } from './distance.ts'
import { blockedEitherWay } from './members.ts'
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
}

/**
 * One page of members for the Discover feed: the other gender only, never the member themself,
 * members already liked, blocked either way or paused; filtered by age, denomination and place.
 * Pages follow recent activity (a keyset on last activity and id, stable while members are liked).
 */
export async function discover(db: Database, userId: string, filter: DiscoverFilter, today = new Date()) {
  const viewer = await discoverer(db, userId)
  const radius = filter.location === 'within-10' || filter.location === 'within-50' ? RADIUS_MILES[filter.location] : null
  const pool = poolConditions(viewer, filter, today)
  const nearbyFirst = filter.location && filter.location !== 'anywhere' ? (await poolSize(db, pool)) <= NEARBY_SORT_LIMIT : false
  const exclusions = exclusionsFor(viewer.userId)

  const read = (after: Cursor | null, limit: number) =>
    candidates(db, nearbyFirst, and(...pool, ...exclusions, after ? before(after) : undefined), limit)

  const wanted = DISCOVER_PAGE_SIZE + 1
  const found: Candidate[] = []
  let after = decodeCursor(filter.cursor)
  for (;;) {
    const batch = radius ? RADIUS_BATCH : wanted
    const rows = await read(after, batch)
    for (const row of rows) {
      if (radius && milesBetween(viewer, { latitude: row.latitude!, longitude: row.longitude! }) > radius) continue
      found.push(row)
      if (found.length === wanted) break
    }
    if (found.length === wanted || rows.length < batch) break
    const lastRead = rows.at(-1)!
    after = { lastActiveAt: lastRead.lastActiveAt.getTime(), id: lastRead.userId }
  }

  const page = found.slice(0, DISCOVER_PAGE_SIZE)
  const last = page.at(-1)
  const nextCursor =
    found.length > DISCOVER_PAGE_SIZE && last ? encodeCursor({ lastActiveAt: last.lastActiveAt.getTime(), id: last.userId }) : null
  const now = today.getTime()
  // Within a page: the same day's activity first, then verified members, then fuller profiles.
  const ranked = page
    .map((row) => ({ row, day: Math.floor((now - row.lastActiveAt.getTime()) / DAY_MS), completeness: completeness(row) }))
    .sort((a, b) => a.day - b.day || Number(b.row.isVerified) - Number(a.row.isVerified) || b.completeness - a.completeness)
  return { profiles: ranked.map(({ row }) => toDiscoverProfile(row, today)), nextCursor }
}

/** Who a member never meets: paused members, themself, members they liked, and blocks either way. */
function exclusionsFor(userId: string): SQL[] {
  return [
    eq(users.status, 'active'),
    ne(profiles.userId, userId),
    sql`not exists (select 1 from ${likes} where ${likes.senderId} = ${userId} and ${likes.receiverId} = ${profiles.userId})`,
    sql`not ${blockedEitherWay(userId, profiles.userId)}`,
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
  return Buffer.from(JSON.stringify([cursor.lastActiveAt, cursor.id])).toString('base64url')
}

function decodeCursor(cursor: string | null | undefined): Cursor | null {
  if (!cursor) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && typeof value[1] === 'string') {
      return { lastActiveAt: value[0], id: value[1] }
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
