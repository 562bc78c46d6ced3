import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { preparedOnce } from '#db/prepared.ts'
import { blocks, likePasses, likes } from '#db/schema/index.ts'
import { ForbiddenError, InvalidInputError } from '#server/errors.ts'
import { planById } from '#shared/content/plans.ts'
import { hasFeature, type PlanFeature } from '#shared/logic/entitlements.ts'
import type { DiscoverInput } from '#shared/schemas/members.ts'
import { type PlanId, planIds } from '#shared/schemas/plan-ids.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import type { Gender } from '#shared/schemas/profile-options.ts'
import { compatibilityScores } from './compatibility.ts'
import { boundingBox, milesBetween, type Point } from './distance.ts'
import { byActivity, type Candidate, factsOf, type ListedMember, type MemberDirectory, memberDirectory } from './member-directory.ts'
import { incognitoPlans } from './members.ts'
import { photoUrl } from './photo-urls.ts'
import { placeLabel } from './profile.ts'
import {
  MOST_FROM_COMPATIBILITY,
  meetsDealbreakers,
  type RankingFacts,
  type Relevance,
  reasonsToShow,
  relevanceBesidesCompatibility,
  relevanceWith,
} from './relevance.ts'

type DiscoverFilter = z.output<typeof DiscoverInput>

export const DISCOVER_PAGE_SIZE = 24
export const COMPLETE_PROFILE_FIRST = 'Please complete your profile to discover members.'
export const STALE_CURSOR = 'This list has changed. Please refresh to see more members.'

/** A pool this small is ranked whole. */
const WHOLE_POOL_LIMIT = 600
/** At most this many of the nearest and of the most recently active members make the ranked window. */
const NEAR_LIMIT = 300
const ACTIVE_LIMIT = 300
/** The near part of the window: the widest of these radii (miles) holding at most NEAR_LIMIT members. */
const NEAR_RADII = [10, 25, 50, 100, 250, 500] as const
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
const degreesFrom: Record<string, readonly string[]> = {
  bachelors: ['bachelors', 'masters', 'doctorate', 'professional'],
  masters: ['masters', 'doctorate', 'professional'],
  doctorate: ['doctorate', 'professional'],
}

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
  /** Whom the viewer meets: the other gender. */
  seeks: Gender
  state: string
  country: string
  point: Point
  facts: RankingFacts
}

/** A test on a listed member; Discover's filters, exclusions and dealbreakers are each one. */
type Test = (member: ListedMember) => boolean

const anyone: Test = () => true

/** Every test passes; a loop rather than `every`, which would make a closure for each member tested. */
const allOf =
  (tests: Test[]): Test =>
  (member) => {
    for (const test of tests) if (!test(member)) return false
    return true
  }

/** A place in the activity order: last activity, then id. */
const Position = z.tuple([z.number().int(), z.string().max(64)])
type Position = z.infer<typeof Position>

/**
 * The members ranked by relevance: those within `radius` miles (at most NEAR_LIMIT of them, the
 * most recently active from `nearFrom` on) and the ACTIVE_LIMIT most recently active (from
 * `activeFrom` on). Fixed by the first page and carried in the cursor, so every page ranks the same
 * members. Null bounds: the window holds the whole pool.
 */
// The radius is one of NEAR_RADII, as the first page chose it: a cursor is the client's to send back, so anything else is refused.
const Window = z.object({
  radius: z.union(NEAR_RADII.map((miles) => z.literal(miles))).nullable(),
  nearFrom: Position.nullable(),
  activeFrom: Position.nullable(),
})
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
 * The pool as Discover reads it from the member directory: its members in activity order, and the
 * members near the viewer. A distance filter or dealbreaker bounds it to a box, so those read the
 * box's members and sort them; otherwise the directory's activity order is walked (the viewer's
 * state's, for the same-state filter), which meets enough members quickly. Every walk is a plain
 * loop over the directory's arrays: a page tests thousands of members, and an iterator's step per
 * member cost more than most tests.
 */
interface Pool {
  test: Test
  /**
   * The first `limit` of the pool's members who pass `shown`, most recently active first: after
   * `after` (exclusive) and up to `through` (inclusive) when given.
   */
  inOrder(shown: Test, limit: number, range?: { after?: Position; through?: Position }): ListedMember[]
  /** The first `limit` of the pool's members in the box around the viewer who pass `shown`, most recently active first. */
  nearest(miles: number, shown: Test, limit: number): ListedMember[]
  /** How many of the pool's members are in the box, counting no further than `limit`. */
  countWithin(miles: number, limit: number): number
}

/**
 * One page of members for the Discover feed: the other gender only, never the member themself,
 * members already liked or passed, blocked either way, paused or incognito; only members who fit
 * the member's dealbreakers and whose dealbreakers the member fits; filtered by age, denomination
 * and place, and on paid plans by the advanced filters and the circle. Ordered by relevance
 * (relevance.ts) within a window of the nearest and the most recently active members, then by
 * recent activity for the rest (docs/decisions/019); a first page opens with the week's spotlight.
 */
export async function discover(db: Database, member: { id: string; plan: PlanId }, filter: DiscoverFilter, today = new Date()) {
  const advanced = advancedTests(filter)
  if (advanced.length > 0 && !hasFeature(member.plan, 'advanced_filters')) throw new ForbiddenError(ADVANCED_FILTERS_LOCKED)
  if (filter.circle && !hasFeature(member.plan, 'private_circle')) throw new ForbiddenError(CIRCLE_LOCKED)
  const { directory, viewer, pool, fits } = await candidatesFor(db, member.id, filter, advanced, today)
  const cursor = decodeCursor(filter.cursor)
  // Who a page may show: those who fit, bar the first page's spotlight (shown once, at the top).
  const shownBesides = (spotlighted: string[]) => allOf([fits, notSpotlighted(directory, spotlighted)])

  if (cursor?.rest) {
    return restPage(
      viewer,
      pool,
      cursor.window,
      shownBesides(cursor.spotlighted),
      cursor.rest,
      DISCOVER_PAGE_SIZE,
      [],
      nextCursor(cursor.window, cursor.spotlighted),
      today,
    )
  }
  const { window, members } = cursor
    ? { window: cursor.window, members: windowMembers(pool, cursor.window, shownBesides(cursor.spotlighted)) }
    : chooseWindow(pool, fits)
  const spotlight = cursor ? [] : weeklySpotlight(members, today)
  const spotlighted = cursor?.spotlighted ?? spotlight.map((row) => row.userId)
  const shown = shownBesides(spotlighted)
  const wanted = DISCOVER_PAGE_SIZE - spotlight.length
  const next = nextCursor(window, spotlighted)

  // One more than the page, to know whether another follows.
  const ranked = mostRelevant(viewer, members.filter(notSpotlighted(directory, spotlighted)), cursor?.ranked ?? null, wanted + 1, today)
  const page = ranked.slice(0, wanted)
  const last = page.at(-1)
  const restAfter = window.activeFrom
  // Nobody in the window fits: straight on to the rest.
  if (page.length === 0 && restAfter) return restPage(viewer, pool, window, shown, restAfter, wanted, spotlight, next, today)
  return {
    profiles: profilesOf(spotlight, page, today),
    nextCursor:
      ranked.length > wanted && last
        ? next({ ranked: [last.relevance.score, last.row.userId], rest: null })
        : restAfter
          ? next({ ranked: null, rest: restAfter })
          : null,
  }
}

/** A page's cards: the week's spotlight first (a first page only), then the ranked members with why. */
function profilesOf(spotlight: Candidate[], ranked: RankedMember[], today: Date): DiscoverProfile[] {
  return [
    ...spotlight.map((row) => ({ ...toDiscoverProfile(row, [], today), spotlight: true as const })),
    ...ranked.map(({ row, reasons }) => toDiscoverProfile(row, reasons(), today)),
  ]
}

function nextCursor(window: Window, spotlighted: string[]) {
  return (part: Pick<Cursor, 'ranked' | 'rest'>) => encodeCursor({ window, spotlighted, ...part })
}

/** Members other than the spotlighted, compared by the directory's numbers; a member no longer listed is walked past anyway. */
function notSpotlighted(directory: MemberDirectory, spotlighted: string[]): Test {
  const keys = spotlighted.flatMap((userId) => directory.get(userId)?.key ?? [])
  return keys.length === 0 ? anyone : (member) => !keys.includes(member.key)
}

/** Members past the window by recent activity, `wanted` of them, ranked by relevance within the page. */
function restPage(
  viewer: Discoverer,
  pool: Pool,
  window: Window,
  shown: Test,
  after: Position,
  wanted: number,
  spotlight: Candidate[],
  next: (part: Pick<Cursor, 'ranked' | 'rest'>) => string,
  today: Date,
) {
  const outside = outsideWindow(viewer, window)
  const found = pool.inOrder((member) => outside(member) && shown(member), wanted + 1, { after })
  const page = found.slice(0, wanted)
  const last = page.at(-1)
  return {
    profiles: profilesOf(spotlight, mostRelevant(viewer, page, null, page.length, today), today),
    nextCursor: found.length > wanted && last ? next({ ranked: null, rest: positionOf(last) }) : null,
  }
}

/**
 * The `limit` members most relevant to the viewer, after `after` (a score and id) when given, best
 * first (ties by id, so pages never overlap), with `reasons` to call for the few that are shown:
 * what ranking them all and slicing would give. Compatibility, most of a ranking's cost, is scored
 * only where it could place a member: every member's other parts are summed first, members are
 * scored from the highest score they could reach down, and the walk stops once that highest is
 * below the last place's score.
 */
function mostRelevant(viewer: Discoverer, members: ListedMember[], after: [number, string] | null, limit: number, today: Date) {
  const reachable = members
    .map((member) => {
      const facts = factsOf(member, today)
      const besides = relevanceBesidesCompatibility(viewer.facts, facts, today)
      return { member, facts, besides, highest: besides + MOST_FROM_COMPATIBILITY }
    })
    .sort((a, b) => b.highest - a.highest)
  const best: RankedMember[] = []
  for (const { member, facts, besides, highest } of reachable) {
    // A score is rounded to hundredths, which may lift it by half of one.
    if (best.length === limit && highest + 0.01 < best[limit - 1]!.relevance.score) break
    const compatibility = compatibilityScores(viewer.facts.traits, facts.traits)
    const candidate = ranked(viewer, member, facts, relevanceWith(viewer.facts, facts, compatibility, today, besides), today)
    const { score } = candidate.relevance
    if (after && !(score < after[0] || (score === after[0] && candidate.row.userId < after[1]))) continue
    let at = best.length
    while (at > 0 && byRelevance(candidate, best[at - 1]!) < 0) at--
    if (at < limit) best.splice(at, 0, candidate)
    if (best.length > limit) best.pop()
  }
  return best
}

/**
 * The members of a window fixed by an earlier page: with a small pool the pool itself; otherwise
 * the nearest (from the window's near bound on) and the most recently active (from its active bound).
 */
function windowMembers(pool: Pool, window: Window, shown: Test): ListedMember[] {
  if (window.activeFrom === null) return pool.inOrder(shown, WHOLE_POOL_LIMIT)
  const { radius, nearFrom, activeFrom } = window
  const near =
    radius === null ? [] : pool.nearest(radius, (member) => (!nearFrom || atOrAfter(member, nearFrom)) && shown(member), NEAR_LIMIT * 2)
  const active = pool.inOrder(shown, ACTIVE_LIMIT * 2, { through: activeFrom })
  return [...new Set([...near, ...active])]
}

type RankedMember = ReturnType<typeof ranked>

/** Discover's order: the more relevant first, ties by id. */
function byRelevance(a: RankedMember, b: RankedMember) {
  return b.relevance.score - a.relevance.score || byIdDescending(a, b)
}

/** The last tie-break of every ranking: the later id first, so that an order never depends on how it was reached. */
function byIdDescending(a: { row: Candidate }, b: { row: Candidate }) {
  return b.row.userId > a.row.userId ? 1 : -1
}

/** A ranked member: its row, its relevance, and the reasons a card gives, worked out only for the members shown. */
function ranked(viewer: Discoverer, member: ListedMember, facts: RankingFacts, relevance: Relevance, today: Date) {
  return { row: member.row, relevance, reasons: () => reasonsToShow(viewer.facts, facts, relevance, today) }
}

/**
 * The first page fixes the window: the whole pool when it is small; otherwise the widest radius
 * whose pool members number at most NEAR_LIMIT and the ACTIVE_LIMIT most recently active. Returns
 * the window's members (those `shown`) with it.
 */
function chooseWindow(pool: Pool, shown: Test): { window: Window; members: ListedMember[] } {
  const wholePool = { radius: null, nearFrom: null, activeFrom: null }
  if (pool.inOrder(anyone, WHOLE_POOL_LIMIT + 1).length <= WHOLE_POOL_LIMIT) {
    return { window: wholePool, members: pool.inOrder(shown, WHOLE_POOL_LIMIT) }
  }
  let radius: (typeof NEAR_RADII)[number] = NEAR_RADII[0]
  for (const miles of NEAR_RADII.slice(1)) {
    if (pool.countWithin(miles, NEAR_LIMIT + 1) > NEAR_LIMIT) break
    radius = miles
  }
  const near = pool.nearest(radius, shown, NEAR_LIMIT)
  const active = pool.inOrder(shown, ACTIVE_LIMIT)
  const lastOf = (members: ListedMember[], limit: number) => (members.length === limit ? positionOf(members.at(-1)!) : null)
  const activeFrom = lastOf(active, ACTIVE_LIMIT)
  // Fewer than ACTIVE_LIMIT fit: the active walk read the whole pool.
  if (!activeFrom) return { window: wholePool, members: active }
  return { window: { radius, nearFrom: lastOf(near, NEAR_LIMIT), activeFrom }, members: [...new Set([...near, ...active])] }
}

/** Outside the window: not among its near members (its active ones come before the rest's positions). */
function outsideWindow(viewer: Discoverer, window: Window): Test {
  const { radius, nearFrom } = window
  if (radius === null) return () => true
  const near = inBox(viewer, radius)
  return (member) => !(near(member) && (!nearFrom || atOrAfter(member, nearFrom)))
}

function inBox(viewer: Discoverer, miles: number): Test {
  const box = boundingBox(viewer.point, miles)
  return (member) =>
    member.latitude >= box.minLatitude &&
    member.latitude <= box.maxLatitude &&
    member.longitude >= box.minLongitude &&
    member.longitude <= box.maxLongitude
}

/** Members within `radius` miles (any distance when null) who fit the viewer's dealbreakers and whose dealbreakers the viewer fits. */
function fitsBothWaysWithin(viewer: Discoverer, radius: number | null, today: Date): Test {
  const viewerHasDealbreakers = viewer.facts.seeking.dealbreakers.length > 0
  return (member) => {
    // Most members state no dealbreakers: then, with no radius either, there is nothing to measure.
    if (radius === null && !viewerHasDealbreakers && !member.hasDealbreakers) return true
    // Measured once: both the radius and the dealbreakers on distance compare it.
    const miles = milesBetween(viewer.point, member)
    if (radius !== null && miles > radius) return false
    const candidate = factsOf(member, today)
    return meetsDealbreakers(viewer.facts, candidate.traits, miles) && meetsDealbreakers(candidate, viewer.facts.traits, miles)
  }
}

/**
 * Up to SPOTLIGHT_SLOTS members on a spotlight plan among those the first page ranks (the nearest
 * and the most recently active who fit), picked by a hash that changes each week: every such
 * member takes turns.
 */
function weeklySpotlight(members: ListedMember[], today: Date) {
  const week = fnv1a(`${Math.floor(today.getTime() / WEEK_MS)}:`, FNV_OFFSET_BASIS)
  // The lowest turns, kept in order as the members pass: a first page's window is hundreds long.
  const lowest: { row: Candidate; turn: number }[] = []
  for (const { plan, row } of members) {
    if (!spotlightPlans.includes(plan)) continue
    const turn = fnv1a(row.userId, week) >>> 0
    if (lowest.length === SPOTLIGHT_SLOTS && turn >= lowest.at(-1)!.turn) continue
    let at = lowest.length
    while (at > 0 && lowest[at - 1]!.turn > turn) at--
    lowest.splice(at, 0, { row, turn })
    if (lowest.length > SPOTLIGHT_SLOTS) lowest.pop()
  }
  return lowest.map(({ row }) => row)
}

const FNV_OFFSET_BASIS = 2_166_136_261

/**
 * FNV-1a of the week and the member id, `${week}:${userId}`, its week part hashed once a page: a
 * stable order for the week, a new one the next.
 */
function fnv1a(text: string, hash: number): number {
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 16_777_619)
  return hash
}

/** The advanced filters (each a hard filter) and the circle, on the candidate's profile, plan and verified degree. */
function advancedTests(filter: DiscoverFilter): Test[] {
  const tests: Test[] = []
  if (filter.verifiedOnly) tests.push(({ row }) => row.isVerified)
  if (filter.sabbathKeepersOnly) tests.push(({ row }) => row.isSabbathKeeper)
  if (filter.withPhotos) tests.push(({ row }) => row.photoId !== null)
  const { denominations, education, circle } = filter
  if (denominations && denominations.length > 0)
    tests.push(({ row }) => (denominations as readonly (string | null)[]).includes(row.denomination))
  if (education) tests.push(({ row }) => row.degree !== null && degreesFrom[education]!.includes(row.degree))
  if (circle) tests.push(({ row }) => circlePlans.includes(row.plan))
  return tests
}

/**
 * The members a viewer liked, passed or blocked, who blocked them (`likedViewer` 0), and who liked
 * them (1): one statement, built once, as every page asks it.
 */
const relationsOf = preparedOnce((db) => {
  const viewerId = sql.placeholder('viewerId')
  const [hides, likedViewer] = [sql<number>`0`, sql<number>`1`]
  return db
    .select({ userId: likes.receiverId, likedViewer: hides })
    .from(likes)
    .where(eq(likes.senderId, viewerId))
    .unionAll(db.select({ userId: likePasses.passedUserId, likedViewer: hides }).from(likePasses).where(eq(likePasses.userId, viewerId)))
    .unionAll(db.select({ userId: blocks.blockedId, likedViewer: hides }).from(blocks).where(eq(blocks.blockerId, viewerId)))
    .unionAll(db.select({ userId: blocks.blockerId, likedViewer: hides }).from(blocks).where(eq(blocks.blockedId, viewerId)))
    .unionAll(db.select({ userId: likes.senderId, likedViewer }).from(likes).where(eq(likes.receiverId, viewerId)))
    .prepare()
})

/**
 * Who a member never meets: paused members, themself, members they liked or passed, blocks either
 * way, and incognito members who did not like them. Read fresh for every page. Members are
 * compared by the directory's numbers, so most are tested without reading their rows.
 */
async function visibleTo(db: Database, directory: MemberDirectory, viewer: Discoverer): Promise<Test> {
  const rows = await relationsOf(db).all({ viewerId: viewer.userId })
  const keysOf = (likedViewer: boolean) =>
    new Set(rows.filter((row) => !!row.likedViewer === likedViewer).map((row) => directory.keyOf(row.userId)))
  const [hidden, likedViewer] = [keysOf(false), keysOf(true)]
  const self = directory.keyOf(viewer.userId)
  return (member) => {
    if (member.key === self || hidden.has(member.key)) return false
    if (member.shownToAll) return true
    const { row } = member
    return row.status === 'active' && !(row.incognito && incognitoPlans.includes(row.plan) && !likedViewer.has(member.key))
  }
}

/**
 * Quantum matches' choice: of the members a ranking may consider for the member with no filter, the
 * `limit` the compatibility engine scores highest, ties broken by relevance and then by id. Every
 * window member's compatibility is scored, but relevance only for those at or above the limit's
 * compatibility: the rest could not be chosen whatever their relevance.
 */
export async function mostCompatible(db: Database, userId: string, limit: number, today = new Date()) {
  const { viewer, pool, fits } = await candidatesFor(db, userId, {}, [], today)
  if (limit <= 0) return []
  const { members } = chooseWindow(pool, fits)
  const scored = members.map((member) => {
    const facts = factsOf(member, today)
    return { member, facts, compatibility: compatibilityScores(viewer.facts.traits, facts.traits) }
  })
  const bar =
    scored.map(({ compatibility }) => compatibility.compatibilityScore).sort((a, b) => b - a)[limit - 1] ?? Number.NEGATIVE_INFINITY
  return scored
    .filter(({ compatibility }) => compatibility.compatibilityScore >= bar)
    .map(({ member, facts, compatibility }) =>
      ranked(viewer, member, facts, relevanceWith(viewer.facts, facts, compatibility, today), today),
    )
    .sort(
      (a, b) =>
        b.relevance.compatibility.compatibilityScore - a.relevance.compatibility.compatibilityScore ||
        b.relevance.score - a.relevance.score ||
        byIdDescending(a, b),
    )
    .slice(0, limit)
}

/**
 * What every ranking of members for a viewer starts from: the viewer, the pool their filter and
 * dealbreakers allow, and the test each member shown must pass (`tests`, then who the viewer may
 * meet, then distance and dealbreakers both ways).
 */
async function candidatesFor(db: Database, userId: string, filter: DiscoverFilter, tests: Test[], today: Date) {
  const directory = await memberDirectory(db)
  const viewer = discoverer(directory, userId, today)
  const radius = filter.location === 'within-10' || filter.location === 'within-50' ? RADIUS_MILES[filter.location] : null
  const fits = allOf([...tests, await visibleTo(db, directory, viewer), fitsBothWaysWithin(viewer, radius, today)])
  return { directory, viewer, pool: poolOf(directory, viewer, filter, today), fits }
}

function discoverer(directory: MemberDirectory, userId: string, today: Date): Discoverer {
  const me = directory.get(userId)
  const [state, country] = [me?.row.state, me?.row.country]
  if (!me || !state || !country) throw new InvalidInputError(COMPLETE_PROFILE_FIRST)
  return {
    userId,
    seeks: me.row.gender === 'man' ? 'woman' : 'man',
    state,
    country,
    point: pointOf(me.row),
    facts: factsOf(me, today),
  }
}

/**
 * The pool from the filter and the viewer's own dealbreakers (gender, age, place, denomination,
 * Sabbath), and where to read it.
 */
function poolOf(directory: MemberDirectory, viewer: Discoverer, filter: DiscoverFilter, today: Date): Pool {
  const tests: Test[] = []
  // The birth dates that bound an age, worked out once per page rather than for each member tested.
  const olderThan = (years: number): Test => {
    const bornBy = yearsAgo(today, years)
    return ({ row }) => row.birthDate! <= bornBy
  }
  const youngerThan = (years: number): Test => {
    const bornAfter = yearsAgo(today, years + 1)
    return ({ row }) => row.birthDate! > bornAfter
  }
  if (filter.ageMin !== undefined) tests.push(olderThan(filter.ageMin))
  if (filter.ageMax !== undefined) tests.push(youngerThan(filter.ageMax))
  const sameState = filter.location === 'same-state'
  if (sameState) tests.push(({ row }) => row.country === viewer.country && row.state === viewer.state)
  const { denomination } = filter
  if (denomination && denomination !== 'any') tests.push(({ row }) => row.denomination === denomination)
  const { seeking } = viewer.facts
  const dealbreaker = (value: (typeof seeking.dealbreakers)[number]) => seeking.dealbreakers.includes(value)
  if (dealbreaker('age') && seeking.ageMin !== null) tests.push(olderThan(seeking.ageMin))
  if (dealbreaker('age') && seeking.ageMax !== null) tests.push(youngerThan(seeking.ageMax))
  if (dealbreaker('denomination')) tests.push(({ row }) => (seeking.denominations as readonly (string | null)[]).includes(row.denomination))
  if (dealbreaker('sabbath')) tests.push(({ row }) => row.isSabbathKeeper === (seeking.sabbath === 'keeper'))
  const boxes: number[] = []
  if (filter.location === 'within-10' || filter.location === 'within-50') boxes.push(RADIUS_MILES[filter.location])
  if (dealbreaker('distance') && seeking.maxMiles !== null) boxes.push(seeking.maxMiles)
  tests.push(...boxes.map((miles) => inBox(viewer, miles)))
  const test = allOf(tests)

  const bucketsWithin = (miles: number) => directory.bucketsInBox(viewer.seeks, boundingBox(viewer.point, miles))
  /** The members in the box's buckets who pass, most recently active first. */
  const near = (miles: number, passes: Test) => {
    const found: ListedMember[] = []
    for (const bucket of bucketsWithin(miles)) for (const member of bucket) if (passes(member)) found.push(member)
    return found.sort(byActivity)
  }
  // The activity order the pool is walked in: the viewer's state's (the directory keeps each state
  // in that order) or the whole gender's, each member tested as it is reached; or, under a box, the
  // box's members who pass, gathered and sorted once per page however many times the page walks it.
  const order = sameState ? directory.inState(viewer.seeks, viewer.country, viewer.state) : directory.byActivity(viewer.seeks)
  const inNarrowestBox = !sameState && boxes.length > 0 ? () => near(Math.min(...boxes), test) : null
  let bounded: ListedMember[] | undefined
  return {
    test,
    inOrder(shown, limit, { after, through } = {}) {
      if (inNarrowestBox) bounded ??= inNarrowestBox()
      // A bounded pool holds only members who pass.
      const walked = bounded ?? order
      const end = through ? firstAfter(walked, through) : walked.length
      const found: ListedMember[] = []
      for (let at = after ? firstAfter(walked, after) : 0; at < end && found.length < limit; at++) {
        const member = walked[at]!
        if ((bounded || test(member)) && shown(member)) found.push(member)
      }
      return found
    },
    nearest(miles, shown, limit) {
      const box = inBox(viewer, miles)
      return firstByActivity(bucketsWithin(miles), (member) => box(member) && test(member) && shown(member), limit)
    },
    countWithin(miles, limit) {
      const box = inBox(viewer, miles)
      let found = 0
      for (const bucket of bucketsWithin(miles)) {
        for (const member of bucket) if (box(member) && test(member) && ++found === limit) return found
      }
      return found
    },
  }
}

/** The index of the first member strictly after `position` in an activity order, by binary search. */
function firstAfter(order: readonly ListedMember[], position: Position) {
  let [low, high] = [0, order.length]
  while (low < high) {
    const middle = (low + high) >>> 1
    if (atOrAfter(order[middle]!, position)) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The first `limit` members of `buckets` (each in activity order) who pass `test`, most recently
 * active first: the buckets merged only as far as needed, rather than every member of them tested
 * and sorted. A heap of the buckets, the one whose next member comes first on top.
 */
function firstByActivity(buckets: readonly (readonly ListedMember[])[], test: Test, limit: number): ListedMember[] {
  const next = buckets.map(() => 0)
  const heap = buckets.flatMap((bucket, at) => (bucket.length > 0 ? [at] : []))
  const first = (a: number, b: number) => byActivity(buckets[a]![next[a]!]!, buckets[b]![next[b]!]!) < 0
  /** Moves the bucket at `at` down the heap to its place. */
  const sink = (at: number) => {
    for (;;) {
      const [left, right] = [2 * at + 1, 2 * at + 2]
      let top = at
      if (left < heap.length && first(heap[left]!, heap[top]!)) top = left
      if (right < heap.length && first(heap[right]!, heap[top]!)) top = right
      if (top === at) return
      ;[heap[at], heap[top]] = [heap[top]!, heap[at]!]
      at = top
    }
  }
  for (let at = (heap.length >>> 1) - 1; at >= 0; at--) sink(at)
  const found: ListedMember[] = []
  while (heap.length > 0 && found.length < limit) {
    const bucket = heap[0]!
    const member = buckets[bucket]![next[bucket]!++]!
    if (test(member)) found.push(member)
    // A used-up bucket leaves the heap; the last one takes its place.
    if (next[bucket] === buckets[bucket]!.length) {
      const last = heap.pop()!
      if (heap.length > 0) heap[0] = last
    }
    sink(0)
  }
  return found
}

function positionOf({ row, position }: ListedMember): Position {
  return [position, row.userId]
}

function pointOf(row: Candidate): Point {
  return { latitude: row.latitude, longitude: row.longitude }
}

/** At or before `position` in the activity order (as recently active or more). */
function atOrAfter(member: ListedMember, [lastActiveAt, id]: Position): boolean {
  return member.position > lastActiveAt || (member.position === lastActiveAt && member.row.userId >= id)
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
