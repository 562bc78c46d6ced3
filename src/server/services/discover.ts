import { and, between, count, desc, eq, gt, inArray, isNotNull, lte, ne, notInArray, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { likePasses, likes, profiles, users, verifications } from '#db/schema/index.ts'
import { ForbiddenError, InvalidInputError } from '#server/errors.ts'
import { planById } from '#shared/content/plans.ts'
import { hasFeature, type PlanFeature } from '#shared/logic/entitlements.ts'
import type { DiscoverInput } from '#shared/schemas/members.ts'
import { type PlanId, planIds } from '#shared/schemas/plan-ids.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import type { Gender } from '#shared/schemas/profile-options.ts'
import { type Dealbreaker, dealbreakerBits } from '#shared/schemas/seeking.ts'
import { interviewAnswersOf, rankingFactsOf, traitColumns } from './compatibility-data.ts'
import { boundingBox, milesBetween, type Point } from './distance.ts'
import { blockedEitherWay, incognitoTo } from './members.ts'
import { photoUrl } from './photo-urls.ts'
import { placeLabel } from './profile.ts'
import { meetsDealbreakers, type RankingFacts, rankCandidate } from './relevance.ts'

type DiscoverFilter = z.output<typeof DiscoverInput>

export const DISCOVER_PAGE_SIZE = 24
export const COMPLETE_PROFILE_FIRST = 'Please complete your profile to discover members.'
export const STALE_CURSOR = 'This list has changed. Please refresh to see more members.'

/** A pool (counted from the indexes) this small is ranked whole. */
const WHOLE_POOL_LIMIT = 600
/** At most this many of the nearest and of the most recently active members make the ranked window. */
const NEAR_LIMIT = 300
const ACTIVE_LIMIT = 300
/** The near part of the window: the widest of these radii (miles) holding at most NEAR_LIMIT members. */
const NEAR_RADII = [10, 25, 50, 100, 250, 500] as const
/** Rows read per round past the window, where dealbreakers and radius drop some rows in JavaScript. */
const REST_BATCH = 100
const DAY_MS = 86_400_000
const RADIUS_MILES = { 'within-10': 10, 'within-50': 50 } as const
/** Spotlighted members placed at the top of a first page. */
const SPOTLIGHT_SLOTS = 2
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
  /** Why the member is shown, at most two short phrases ("Both Sabbath keepers", "3 miles away"). */
  reasons: string[]
  /** Placed at the top as this week's spotlight (a Quantum Soul member or above who fits the filters). */
  spotlight?: true
}

interface Discoverer {
  userId: string
  gender: Gender
  state: string
  country: string
  point: Point
  facts: RankingFacts
}

const candidateColumns = {
  ...traitColumns,
  id: profiles.id,
  firstName: users.firstName,
  lastName: users.lastName,
  lastActiveAt: users.lastActiveAt,
  plan: users.plan,
}

/** A place in the activity order (users_discover_idx): last activity, then id. */
const Position = z.tuple([z.number().int(), z.string().max(64)])
type Position = z.infer<typeof Position>

/**
 * The members ranked by relevance: those within `radius` miles (at most NEAR_LIMIT of them, the
 * most recently active from `nearFrom` on) and the ACTIVE_LIMIT most recently active (from
 * `activeFrom` on). Fixed by the first page and carried in the cursor, so every page ranks the same
 * members. Null bounds: the window holds the whole pool.
 */
const Window = z.object({ radius: z.number().nullable(), nearFrom: Position.nullable(), activeFrom: Position.nullable() })
type Window = z.infer<typeof Window>

/**
 * Where the next page starts: in the ranked window after a score and id, or, once the window is
 * used up, in the rest of the pool by recent activity after a position.
 */
const Cursor = z.object({
  window: Window,
  ranked: z.tuple([z.number(), z.string().max(64)]).nullable(),
  rest: Position.nullable(),
  /** Members shown in the first page's spotlight, kept out of the pages after it. */
  spotlighted: z.array(z.string().max(64)).max(SPOTLIGHT_SLOTS),
})
type Cursor = z.infer<typeof Cursor>

/**
 * One page of members for the Discover feed: the other gender only, never the member themself,
 * members already liked or passed, blocked either way, paused or incognito; only members who fit
 * the member's dealbreakers and whose dealbreakers the member fits; filtered by age, denomination
 * and place, and on paid plans by the advanced filters and the circle. Ordered by relevance
 * (relevance.ts) within a window of the nearest and the most recently active members, then by
 * recent activity for the rest (docs/decisions/018); a first page opens with the week's spotlight.
 */
export async function discover(db: Database, member: { id: string; plan: PlanId }, filter: DiscoverFilter, today = new Date()) {
  const advanced = advancedConditions(filter)
  if (advanced.length > 0 && !hasFeature(member.plan, 'advanced_filters')) throw new ForbiddenError(ADVANCED_FILTERS_LOCKED)
  if (filter.circle && !hasFeature(member.plan, 'private_circle')) throw new ForbiddenError(CIRCLE_LOCKED)
  const viewer = await discoverer(db, member.id, today)
  const cursor = decodeCursor(filter.cursor)
  const pool = poolConditions(viewer, filter, today)
  const fits = [...pool, ...advanced, ...exclusionsFor(viewer.userId), ...reciprocalDealbreakers(viewer)]
  const radius = filter.location === 'within-10' || filter.location === 'within-50' ? RADIUS_MILES[filter.location] : null
  const recent = recentWalk(viewer, filter)
  const keep = (row: Candidate) =>
    (radius === null || milesBetween(viewer.point, pointOf(row)) <= radius) && fitsBothWays(viewer, row, today)

  if (cursor?.rest) {
    const shown = [...fits, ...notSpotlighted(cursor.spotlighted)]
    const next = nextCursor(cursor.window, cursor.spotlighted)
    return restPage(db, viewer, cursor.window, shown, keep, cursor.rest, recent, DISCOVER_PAGE_SIZE, [], next, today)
  }
  const { window, rows } = cursor
    ? { window: cursor.window, rows: await windowRows(db, viewer, cursor.window, [...fits, ...notSpotlighted(cursor.spotlighted)], recent) }
    : await chooseWindow(db, viewer, pool, fits, recent)
  const members = rows.filter(keep)
  const spotlight = cursor ? [] : weeklySpotlight(members, today)
  const spotlighted = cursor?.spotlighted ?? spotlight.map((row) => row.userId)
  const shown = [...fits, ...notSpotlighted(spotlighted)]
  const wanted = DISCOVER_PAGE_SIZE - spotlight.length
  const next = nextCursor(window, spotlighted)

  const ranked = await rankWindow(
    db,
    viewer,
    members.filter((row) => !spotlighted.includes(row.userId)),
    cursor?.ranked ?? null,
    today,
  )
  const page = ranked.slice(0, wanted)
  const last = page.at(-1)
  const restAfter = window.activeFrom
  // Nobody in the window fits: straight on to the rest.
  if (page.length === 0 && restAfter) return restPage(db, viewer, window, shown, keep, restAfter, recent, wanted, spotlight, next, today)
  return {
    profiles: [
      ...spotlight.map((row) => ({ ...toDiscoverProfile(row, [], today), spotlight: true as const })),
      ...page.map(({ row, relevance }) => toDiscoverProfile(row, relevance.reasons, today)),
    ],
    nextCursor:
      ranked.length > wanted && last
        ? next({ ranked: [last.relevance.score, last.row.userId], rest: null })
        : restAfter
          ? next({ ranked: null, rest: restAfter })
          : null,
  }
}

function nextCursor(window: Window, spotlighted: string[]) {
  return (part: Pick<Cursor, 'ranked' | 'rest'>) => encodeCursor({ window, spotlighted, ...part })
}

function notSpotlighted(spotlighted: string[]): SQL[] {
  return spotlighted.length > 0 ? [notInArray(users.id, spotlighted)] : []
}

/** Members past the window by recent activity, `wanted` of them, ranked by relevance within the page. */
async function restPage(
  db: Database,
  viewer: Discoverer,
  window: Window,
  shown: SQL[],
  keep: (row: Candidate) => boolean,
  after: Position,
  recent: Walk,
  wanted: number,
  spotlight: Candidate[],
  next: (part: Pick<Cursor, 'ranked' | 'rest'>) => string,
  today: Date,
) {
  const outside = [...shown, ...outsideWindow(viewer, window)]
  const found: Candidate[] = []
  let from = after
  for (;;) {
    const rows = await candidates(db, recent, and(...outside, before(from)), REST_BATCH)
    for (const row of rows) {
      if (!keep(row)) continue
      found.push(row)
      if (found.length === wanted + 1) break
    }
    if (found.length === wanted + 1 || rows.length < REST_BATCH) break
    from = positionOf(rows.at(-1)!)
  }
  const page = found.slice(0, wanted)
  const last = page.at(-1)
  const ranked = await rank(db, viewer, page, today)
  return {
    profiles: [
      ...spotlight.map((row) => ({ ...toDiscoverProfile(row, [], today), spotlight: true as const })),
      ...ranked.map(({ row, relevance }) => toDiscoverProfile(row, relevance.reasons, today)),
    ],
    nextCursor: found.length > wanted && last ? next({ ranked: null, rest: positionOf(last) }) : null,
  }
}

/** The window's members, ranked, after `after` (a score and id) when given. */
async function rankWindow(db: Database, viewer: Discoverer, rows: Candidate[], after: [number, string] | null, today: Date) {
  const ranked = await rank(db, viewer, rows, today)
  return after
    ? ranked.filter(({ row, relevance }) => relevance.score < after[0] || (relevance.score === after[0] && row.userId < after[1]))
    : ranked
}

/**
 * The members of a window fixed by an earlier page: with a small pool the pool itself; otherwise
 * the nearest (from the window's near bound on) and the most recently active (from its active bound).
 */
async function windowRows(db: Database, viewer: Discoverer, window: Window, shown: SQL[], recent: Walk) {
  if (window.activeFrom === null) return candidates(db, 'profiles', and(...shown), WHOLE_POOL_LIMIT)
  const [near, active] = await Promise.all([
    window.radius === null
      ? []
      : candidates(
          db,
          'profiles',
          and(...shown, ...inBox(viewer, window.radius), window.nearFrom ? atOrAfter(window.nearFrom) : undefined),
          NEAR_LIMIT * 2,
        ),
    candidates(db, recent, and(...shown, atOrAfter(window.activeFrom)), ACTIVE_LIMIT * 2),
  ])
  const byId = new Map([...near, ...active].map((row) => [row.userId, row]))
  return [...byId.values()]
}

/** Relevance of each row to the viewer, best first (ties by id, so pages never overlap). */
async function rank(db: Database, viewer: Discoverer, rows: Candidate[], today: Date) {
  const answers = await interviewAnswersOf(
    db,
    rows.map((row) => row.userId),
  )
  return rows
    .map((row) => ({ row, relevance: rankCandidate(viewer.facts, rankingFactsOf(row, answers.get(row.userId) ?? {}, today), today) }))
    .sort((a, b) => b.relevance.score - a.relevance.score || (b.row.userId > a.row.userId ? 1 : -1))
}

/**
 * The first page fixes the window: the whole pool when it is small; otherwise the widest radius
 * whose members number at most NEAR_LIMIT (counted from the indexes) and the ACTIVE_LIMIT most
 * recently active. Returns the window's members with it.
 */
async function chooseWindow(
  db: Database,
  viewer: Discoverer,
  pool: SQL[],
  shown: SQL[],
  recent: Walk,
): Promise<{ window: Window; rows: Candidate[] }> {
  const wholePool = { radius: null, nearFrom: null, activeFrom: null }
  if ((await poolSize(db, pool)) <= WHOLE_POOL_LIMIT)
    return { window: wholePool, rows: await windowRows(db, viewer, wholePool, shown, recent) }
  let radius: number = NEAR_RADII[0]
  for (const miles of NEAR_RADII.slice(1)) {
    if ((await poolSize(db, [...pool, ...inBox(viewer, miles)])) > NEAR_LIMIT) break
    radius = miles
  }
  const [near, active] = await Promise.all([
    candidates(db, 'profiles', and(...shown, ...inBox(viewer, radius)), NEAR_LIMIT),
    candidates(db, recent, and(...shown), ACTIVE_LIMIT),
  ])
  const lastOf = (rows: Candidate[], limit: number) => (rows.length === limit ? positionOf(rows.at(-1)!) : null)
  const activeFrom = lastOf(active, ACTIVE_LIMIT)
  // Fewer than ACTIVE_LIMIT fit: the active walk read the whole pool.
  if (!activeFrom) return { window: wholePool, rows: active }
  const byId = new Map([...near, ...active].map((row) => [row.userId, row]))
  return { window: { radius, nearFrom: lastOf(near, NEAR_LIMIT), activeFrom }, rows: [...byId.values()] }
}

/** Outside the window: less recently active than its active members and not among its near ones. */
function outsideWindow(viewer: Discoverer, window: Window): SQL[] {
  if (window.radius === null) return []
  const near = and(...inBox(viewer, window.radius), window.nearFrom ? atOrAfter(window.nearFrom) : undefined)!
  return [sql`not (${near})`]
}

function inBox(viewer: Discoverer, miles: number): SQL[] {
  const box = boundingBox(viewer.point, miles)
  return [between(profiles.latitude, box.minLatitude, box.maxLatitude), between(profiles.longitude, box.minLongitude, box.maxLongitude)]
}

function fitsBothWays(viewer: Discoverer, row: Candidate, today: Date): boolean {
  const candidate = rankingFactsOf(row, {}, today)
  const miles = milesBetween(viewer.point, pointOf(row))
  return meetsDealbreakers(viewer.facts, candidate.traits, miles) && meetsDealbreakers(candidate, viewer.facts.traits, miles)
}

/**
 * Up to SPOTLIGHT_SLOTS members on a spotlight plan among those the first page ranks (the nearest
 * and the most recently active who fit), picked by a hash that changes each week: every such
 * member takes turns.
 */
function weeklySpotlight(members: Candidate[], today: Date) {
  const week = Math.floor(today.getTime() / WEEK_MS)
  return members
    .filter((row) => spotlightPlans.includes(row.plan))
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

/**
 * Who a member never meets: paused members, themself, members they liked or passed, blocks either
 * way, and incognito members who did not like them.
 */
function exclusionsFor(userId: string): SQL[] {
  return [
    eq(users.status, 'active'),
    ne(profiles.userId, userId),
    sql`not exists (select 1 from ${likes} where ${likes.senderId} = ${userId} and ${likes.receiverId} = ${profiles.userId})`,
    sql`not exists (select 1 from ${likePasses} where ${likePasses.userId} = ${userId} and ${likePasses.passedUserId} = ${profiles.userId})`,
    sql`not ${blockedEitherWay(userId, profiles.userId)}`,
    sql`not ${incognitoTo(userId)}`,
  ]
}

/**
 * The candidate's own dealbreakers, tested against the viewer inside the query (the dealbreaker
 * bits and the preference columns sit on the candidate's row); distance needs the two places and is
 * tested in `fitsBothWays`.
 */
function reciprocalDealbreakers(viewer: Discoverer): SQL[] {
  const { age, denomination, isSabbathKeeper } = viewer.facts.traits
  return [
    sql`(${profiles.dealbreakers} & ${dealbreakerBits.age} = 0 or ((${profiles.seekingAgeMin} is null or ${profiles.seekingAgeMin} <= ${age})
      and (${profiles.seekingAgeMax} is null or ${profiles.seekingAgeMax} >= ${age})))`,
    sql`(${profiles.dealbreakers} & ${dealbreakerBits.denomination} = 0
      or exists (select 1 from json_each(${profiles.seekingDenominations}) where value = ${denomination}))`,
    sql`(${profiles.dealbreakers} & ${dealbreakerBits.sabbath} = 0 or ${profiles.seekingSabbath} = ${isSabbathKeeper ? 'keeper' : 'not_keeper'})`,
  ]
}

/**
 * The members a ranking may consider for the member with no filter, ranked by relevance: what
 * quantum matches score with the compatibility engine alone.
 */
export async function rankingCandidates(db: Database, userId: string, today = new Date()) {
  const viewer = await discoverer(db, userId, today)
  const pool = poolConditions(viewer, {}, today)
  const shown = [...pool, ...exclusionsFor(viewer.userId), ...reciprocalDealbreakers(viewer)]
  const { rows } = await chooseWindow(db, viewer, pool, shown, recentWalk(viewer, {}))
  const members = rows.filter((row) => fitsBothWays(viewer, row, today))
  return { viewer: viewer.facts, ranked: await rank(db, viewer, members, today) }
}

/**
 * How to find the most recently active of a pool: walk everyone by activity and stop after enough
 * (index users_discover_idx; cheap when most members fit), or read the pool's few profiles through
 * the place indexes and sort them (cheap when a place bounds it, where the walk would pass over
 * everyone elsewhere first).
 */
type Walk = 'profiles' | 'activity'

function recentWalk(viewer: Discoverer, filter: DiscoverFilter): Walk {
  const { seeking } = viewer.facts
  const placeBound =
    (filter.location !== undefined && filter.location !== 'anywhere') ||
    (seeking.dealbreakers.includes('distance') && seeking.maxMiles !== null)
  return placeBound ? 'profiles' : 'activity'
}

/**
 * Candidates most recently active first, read as `walk` says. CROSS JOIN fixes the loop order:
 * SQLite never reorders it (https://sqlite.org/optoverview.html#crossjoin).
 */
function candidates(db: Database, walk: Walk, where: SQL | undefined, limit: number) {
  const query =
    walk === 'profiles'
      ? db.select(candidateColumns).from(profiles).crossJoin(users)
      : db.select(candidateColumns).from(users).crossJoin(profiles)
  return query
    .where(and(eq(profiles.userId, users.id), where))
    .orderBy(desc(users.lastActiveAt), desc(users.id))
    .limit(limit)
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number]

async function discoverer(db: Database, userId: string, today: Date): Promise<Discoverer> {
  const [me] = await db
    .select({ ...traitColumns, gender: profiles.gender, lastActiveAt: users.lastActiveAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
  if (!me?.gender || !me.birthDate || me.latitude === null || me.longitude === null || !me.state || !me.country) {
    throw new InvalidInputError(COMPLETE_PROFILE_FIRST)
  }
  const answers = await interviewAnswersOf(db, [userId])
  return {
    userId,
    gender: me.gender,
    state: me.state,
    country: me.country,
    point: { latitude: me.latitude, longitude: me.longitude },
    facts: rankingFactsOf(me, answers.get(userId) ?? {}, today),
  }
}

/**
 * Conditions on the profile alone (gender, age, place, denomination) from the filter and the
 * viewer's own dealbreakers: what the profile indexes answer.
 */
function poolConditions(viewer: Discoverer, filter: DiscoverFilter, today: Date): SQL[] {
  const conditions: SQL[] = [eq(profiles.gender, viewer.gender === 'man' ? 'woman' : 'man')]
  // Age a ⇔ born on or before today's date a years ago, and after today's date a + 1 years ago.
  if (filter.ageMin !== undefined) conditions.push(lte(profiles.birthDate, yearsAgo(today, filter.ageMin)))
  if (filter.ageMax !== undefined) conditions.push(gt(profiles.birthDate, yearsAgo(today, filter.ageMax + 1)))
  if (filter.location === 'same-state') {
    conditions.push(eq(profiles.country, viewer.country), eq(profiles.state, viewer.state))
  } else if (filter.location === 'within-10' || filter.location === 'within-50') {
    conditions.push(...inBox(viewer, RADIUS_MILES[filter.location]))
  } else {
    // A place is always stored whole (city, state, country and coordinates), so the branches above
    // imply it; only "anywhere" has to ask.
    conditions.push(isNotNull(profiles.latitude))
  }
  if (filter.denomination && filter.denomination !== 'any') conditions.push(eq(profiles.denomination, filter.denomination))

  const { seeking } = viewer.facts
  const dealbreaker = (value: Dealbreaker) => seeking.dealbreakers.includes(value)
  if (dealbreaker('age') && seeking.ageMin !== null) conditions.push(lte(profiles.birthDate, yearsAgo(today, seeking.ageMin)))
  if (dealbreaker('age') && seeking.ageMax !== null) conditions.push(gt(profiles.birthDate, yearsAgo(today, seeking.ageMax + 1)))
  if (dealbreaker('distance') && seeking.maxMiles !== null) conditions.push(...inBox(viewer, seeking.maxMiles))
  if (dealbreaker('denomination')) conditions.push(inArray(profiles.denomination, seeking.denominations))
  if (dealbreaker('sabbath')) conditions.push(eq(profiles.isSabbathKeeper, seeking.sabbath === 'keeper'))
  if (![filter.ageMin, filter.ageMax, seeking.ageMin, seeking.ageMax].some((bound) => bound !== undefined && bound !== null)) {
    conditions.push(isNotNull(profiles.birthDate))
  }
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

function positionOf(row: Candidate): Position {
  return [row.lastActiveAt.getTime(), row.userId]
}

function pointOf(row: Candidate): Point {
  return { latitude: row.latitude!, longitude: row.longitude! }
}

function before([lastActiveAt, id]: Position): SQL {
  return sql`(${users.lastActiveAt}, ${users.id}) < (${lastActiveAt}, ${id})`
}

function atOrAfter([lastActiveAt, id]: Position): SQL {
  return sql`(${users.lastActiveAt}, ${users.id}) >= (${lastActiveAt}, ${id})`
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

function decodeCursor(cursor: string | null | undefined): Cursor | null {
  if (!cursor) return null
  try {
    const parsed = Cursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    if (parsed.success) return parsed.data
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

function toDiscoverProfile(row: Candidate, reasons: string[], today: Date): DiscoverProfile {
  return {
    id: row.id,
    userId: row.userId,
    age: ageOn(row.birthDate!, today),
    bio: row.bio,
    location: placeLabel(row.city!, row.state!, row.country!),
    denomination: row.denomination,
    isVerified: row.isVerified,
    user: { firstName: row.firstName, profileImageUrl: row.photoId ? photoUrl(row.photoId) : null },
    reasons,
  }
}
