import { and, asc, eq, gt, inArray, isNotNull, max, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { readInPages, readInSlices } from '#db/large-reads.ts'
import { preparedOnce } from '#db/prepared.ts'
import { memberChanges, profiles, users, verifications } from '#db/schema/index.ts'
import type { Gender } from '#shared/schemas/profile-options.ts'
import { type AnswerVector, compactAnswers } from './compatibility.ts'
import { factsActiveAt, interviewAnswersOf, rankingFactsOf, traitColumns } from './compatibility-data.ts'
import type { boundingBox } from './distance.ts'
import type { RankingFacts } from './relevance.ts'

/**
 * What Discover and quantum matches know of every member they may show, held in memory by each
 * process (docs/decisions/027): ranking a window of hundreds of members per page reads no rows.
 * Kept current by `member_changes`, which triggers fill on every write to what it holds; each read
 * first reloads the members changed since the last one, so a write is seen by the next request on
 * any process. Who the viewer liked, passed or blocked is not held here: Discover reads that fresh.
 */

const listedColumns = {
  ...traitColumns,
  id: profiles.id,
  gender: profiles.gender,
  firstName: users.firstName,
  lastName: users.lastName,
  lastActiveAt: users.lastActiveAt,
  plan: users.plan,
  status: users.status,
  incognito: users.incognito,
  /** The degree of a verified education, for the advanced filter. */
  degree: sql<string | null>`(select json_extract(${verifications.details}, '$.degreeType') from ${verifications}
    where ${verifications.userId} = ${profiles.userId} and ${verifications.type} = 'education' and ${verifications.status} = 'verified')`,
}

/** Only members with the facts Discover needs are listed: a gender, a birth date and a place. */
const listable = [isNotNull(profiles.gender), isNotNull(profiles.birthDate), isNotNull(profiles.latitude), isNotNull(profiles.longitude)]

/** Members read per statement when the directory loads (each row carries a bio), and ids when it looks for deletions. */
const MEMBERS_PER_PAGE = 2_000
const IDS_PER_PAGE = 20_000
/** Place buckets are this many degrees of latitude and longitude. */
const CELL_DEGREES = 1

/** A member's row as the directory reads it. */
type MemberRow = Awaited<ReturnType<typeof readMembers>>[number]
export type Candidate = MemberRow & { gender: Gender; latitude: number; longitude: number }

export interface ListedMember {
  row: Candidate
  /** Held compactly: a hundred thousand members' answers as strings would take hundreds of megabytes. */
  answers: AnswerVector
  /** Last activity (ms): the activity order is by this, then by id, both descending. */
  position: number
  /**
   * What a page's walks test for every member they pass, copied from the row: where the member
   * lives, the directory's number for them (`keyOf`), their plan, whether anyone may be shown them
   * (active and not incognito) and whether they state dealbreakers. Beside the position, so a member
   * passed over costs one place in memory rather than two.
   */
  latitude: number
  longitude: number
  key: number
  plan: Candidate['plan']
  shownToAll: boolean
  hasDealbreakers: boolean
  /** What ranking knows of the member, built on first use each day (ages change with the date)… */
  facts: RankingFacts | null
  /** …and that day, beside it rather than in an object of its own: one object less to reach per member ranked. */
  factsDay: string
}

/** The facts' day for `today`: formatted once per request's date, not once per member it ranks. */
let lastDay = { time: Number.NaN, day: '' }
function dayOf(today: Date): string {
  if (today.getTime() !== lastDay.time) lastDay = { time: today.getTime(), day: today.toDateString() }
  return lastDay.day
}

/** The member's ranking facts as of `today`'s date, built once a day rather than for every page. */
export function factsOf(member: ListedMember, today: Date): RankingFacts {
  const day = dayOf(today)
  if (member.factsDay !== day || member.facts === null) {
    member.facts = rankingFactsOf(member.row, member.answers, today)
    member.factsDay = day
  }
  return member.facts
}

const NO_ANSWERS = compactAnswers({})

function readMembers(db: Database, where: SQL | undefined) {
  return db
    .select(listedColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(...listable, where))
}

/** Most recently active first; ties by id, descending, as the cursor's positions compare. */
export function byActivity(a: ListedMember, b: ListedMember): number {
  return b.position - a.position || (b.row.userId > a.row.userId ? 1 : b.row.userId < a.row.userId ? -1 : 0)
}

/** The place buckets' keys: a state's members of one gender, and a cell's (its row and column of `CELL_DEGREES`). */
function stateKey(gender: Gender, country: string | null, state: string | null) {
  return `${gender}|${country}|${state}`
}
function cellKey(gender: Gender, row: number, column: number) {
  return `${gender}@${row}:${column}`
}

/** The change log past a watermark: read by every Discover page and quantum list, so built once. */
const changesAfter = preparedOnce((db) =>
  db
    .select({ userId: memberChanges.userId, seq: memberChanges.seq, fullSeq: memberChanges.fullSeq })
    .from(memberChanges)
    .where(gt(memberChanges.seq, sql.placeholder('seq')))
    .orderBy(asc(memberChanges.seq))
    .prepare(),
)

class MemberDirectory {
  private readonly members = new Map<string, ListedMember>()
  private readonly keys = new Map<string, number>()
  private activity: Record<Gender, ListedMember[]> = { man: [], woman: [] }
  /** Place buckets (a state, a cell), each in activity order like `activity`, so a state's members are walked without sorting. */
  private places = new Map<string, ListedMember[]>()
  private seq = 0
  /** The latest refresh, running or waiting for the one before it to finish. */
  private refreshing: Promise<void> = Promise.resolve()
  /** A refresh that has not started yet: every request arriving now can share it. */
  private waiting: Promise<void> | null = null

  static async load(db: Database): Promise<MemberDirectory> {
    const directory = new MemberDirectory()
    // The watermark first: a change made while the members are read is read again on the next refresh.
    const [latest] = await db.select({ seq: max(memberChanges.seq) }).from(memberChanges)
    directory.seq = latest?.seq ?? 0
    const pages = readInPages(
      (after, limit) =>
        readMembers(db, after === null ? undefined : gt(profiles.userId, after))
          .orderBy(asc(profiles.userId))
          .limit(limit),
      (row) => row.userId,
      MEMBERS_PER_PAGE,
    )
    for await (const rows of pages) {
      const answers = await interviewAnswersOf(
        db,
        rows.map((row) => row.userId),
      )
      for (const row of rows) directory.add(listed(row, answers, directory.keyOf(row.userId)))
    }
    directory.rebuildActivity()
    return directory
  }

  /**
   * A number for a member's id, the same for as long as the process runs: a member reloaded after a
   * change is a new object with the same number, so a page that looked up numbers before a reload
   * still recognises them. Numbered on first ask, listed or not.
   */
  keyOf(userId: string): number {
    let key = this.keys.get(userId)
    if (key === undefined) {
      key = this.keys.size
      this.keys.set(userId, key)
    }
    return key
  }

  get(userId: string): ListedMember | undefined {
    return this.members.get(userId)
  }

  /** Every listed member of `gender`, most recently active first. */
  byActivity(gender: Gender): readonly ListedMember[] {
    return this.activity[gender]
  }

  /** Members of `gender` whose state is the given one, most recently active first. */
  inState(gender: Gender, country: string, state: string): readonly ListedMember[] {
    return this.places.get(stateKey(gender, country, state)) ?? []
  }

  /**
   * The place buckets of `gender` that the box touches, each in activity order: every member in the
   * box is in one of them, and some outside it too. Arrays rather than one iterator, so a page walks
   * them with plain loops.
   */
  bucketsInBox(gender: Gender, box: ReturnType<typeof boundingBox>): (readonly ListedMember[])[] {
    // Clamped to the globe: a box is never searched beyond the poles, whatever radius drew it.
    const south = Math.max(Math.floor(box.minLatitude / CELL_DEGREES), Math.floor(-90 / CELL_DEGREES))
    const north = Math.min(Math.floor(box.maxLatitude / CELL_DEGREES), Math.floor(90 / CELL_DEGREES))
    const west = Math.max(Math.floor(box.minLongitude / CELL_DEGREES), Math.floor(-180 / CELL_DEGREES))
    const east = Math.min(Math.floor(box.maxLongitude / CELL_DEGREES), Math.floor(179.999 / CELL_DEGREES))
    const buckets: (readonly ListedMember[])[] = []
    for (let row = south; row <= north; row++) {
      for (let column = west; column <= east; column++) {
        const bucket = this.places.get(cellKey(gender, row, column))
        if (bucket) buckets.push(bucket)
      }
    }
    return buckets
  }

  /**
   * Reloads the members changed since the last refresh, one refresh at a time. Requests arriving
   * while one runs share the next: it starts after they arrived, so it sees every write before them,
   * and a burst of requests reads the change log twice at most rather than once each.
   */
  refresh(db: Database): Promise<void> {
    if (this.waiting) return this.waiting
    const next = this.refreshing
      .catch(() => undefined)
      .then(() => {
        this.waiting = null
        return this.applyChanges(db)
      })
    this.waiting = next
    this.refreshing = next
    return next
  }

  private async applyChanges(db: Database) {
    const changes = await changesAfter(db).all({ seq: this.seq })
    if (changes.length === 0) return
    // A listed member whose last activity alone changed since is moved; anyone else is read again.
    const activityAlone = (change: (typeof changes)[number]) => change.fullSeq <= this.seq && this.members.has(change.userId)
    const moved = changes.filter(activityAlone)
    const changed = changes.filter((change) => !activityAlone(change))
    // '' notes that some member no longer exists (no row may name them): find who is gone.
    const userIds = changed.map((change) => change.userId).filter((userId) => userId !== '')
    if (userIds.length < changed.length) await this.forgetDeleted(db)
    const answers = await interviewAnswersOf(db, userIds)
    const rows = await readInSlices(userIds, (slice) => readMembers(db, inArray(profiles.userId, slice)))
    const activity = await readInSlices(
      moved.map((change) => change.userId),
      (slice) => db.select({ userId: users.id, lastActiveAt: users.lastActiveAt }).from(users).where(inArray(users.id, slice)),
    )
    const gone = userIds.map((userId) => this.remove(userId)).filter((member) => member !== undefined)
    const arrived = rows.map((row) => listed(row, answers, this.keyOf(row.userId)))
    for (const { userId, lastActiveAt } of activity) {
      const member = this.remove(userId)
      if (!member) continue
      gone.push(member)
      arrived.push(activeAt(member, lastActiveAt))
    }
    for (const member of arrived) this.add(member)
    this.reorder(gone, arrived)
    this.seq = changes.at(-1)!.seq
  }

  private async forgetDeleted(db: Database) {
    const present = new Set<string>()
    const pages = readInPages(
      (after, limit) =>
        db
          .select({ userId: profiles.userId })
          .from(profiles)
          .where(and(...listable, after === null ? undefined : gt(profiles.userId, after)))
          .orderBy(asc(profiles.userId))
          .limit(limit),
      (row) => row.userId,
      IDS_PER_PAGE,
    )
    for await (const rows of pages) for (const row of rows) present.add(row.userId)
    const gone = [...this.members.keys()].filter((userId) => !present.has(userId)).map((userId) => this.remove(userId)!)
    this.reorder(gone, [])
  }

  /** Listed, but not yet in the activity orders: `reorder` or `rebuildActivity` follows. */
  private add(member: ListedMember) {
    this.members.set(member.row.userId, member)
  }

  /** No longer listed, but still in the activity orders until `reorder` takes the member out. */
  private remove(userId: string): ListedMember | undefined {
    const member = this.members.get(userId)
    this.members.delete(userId)
    return member
  }

  /**
   * Takes `gone` out of the activity orders they were in and puts `arrived` into theirs, each order
   * changed once however many of its members changed (`replaceIn`). Members come in bursts: two
   * hundred members' sessions touched in one second, each moving the member to the front.
   */
  private reorder(gone: readonly ListedMember[], arrived: readonly ListedMember[]) {
    const changes = new Map<ListedMember[], { gone: ListedMember[]; arrived: ListedMember[] }>()
    const changesIn = (order: ListedMember[]) => {
      let change = changes.get(order)
      if (!change) {
        change = { gone: [], arrived: [] }
        changes.set(order, change)
      }
      return change
    }
    for (const member of gone) for (const order of this.ordersOf(member)) changesIn(order).gone.push(member)
    for (const member of arrived) for (const order of this.ordersOf(member)) changesIn(order).arrived.push(member)
    for (const [order, change] of changes) replaceIn(order, change.gone, change.arrived)
  }

  /** The activity orders that hold `member`: their gender's, their state's and their cell's (made when missing). */
  private ordersOf({ row: { gender, country, state, latitude, longitude } }: ListedMember): ListedMember[][] {
    const bucket = (key: string) => {
      const order = this.places.get(key)
      if (order) return order
      const made: ListedMember[] = []
      this.places.set(key, made)
      return made
    }
    const cell = cellKey(gender, Math.floor(latitude / CELL_DEGREES), Math.floor(longitude / CELL_DEGREES))
    return [this.activity[gender], bucket(stateKey(gender, country, state)), bucket(cell)]
  }

  private rebuildActivity() {
    this.activity = { man: [], woman: [] }
    this.places = new Map()
    for (const member of this.members.values()) for (const order of this.ordersOf(member)) order.push(member)
    for (const order of [...Object.values(this.activity), ...this.places.values()]) order.sort(byActivity)
  }
}

/** Where `member` sits in the activity order (or in its stretch from `low` to `high`), by binary search. */
function indexIn(order: readonly ListedMember[], member: ListedMember, low = 0, high = order.length) {
  while (low < high) {
    const middle = (low + high) >>> 1
    if (byActivity(order[middle]!, member) < 0) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * `order` without `gone` and with `arrived` in their places, rewritten in place over the stretch
 * between the first and the last place that changes. A member moved by new activity leaves a place
 * near the front for one at the front, so the stretch is short and the order past it untouched:
 * moving 20 such members in an order of 50,000 takes about 0.02 ms, against 0.8 ms when each change
 * moved the whole order or shrank and regrew it. The order's length changes only when it gains or
 * loses members, by a splice (which keeps V8's packed form, that pages walk faster).
 */
export function replaceIn(order: ListedMember[], gone: readonly ListedMember[], arrived: ListedMember[]) {
  if (gone.length + arrived.length === 0) return
  arrived.sort(byActivity)
  const removed = gone.map((member) => indexIn(order, member)).sort((a, b) => a - b)
  const from = Math.min(removed[0] ?? order.length, arrived.length > 0 ? indexIn(order, arrived[0]!) : order.length)
  const to = Math.max((removed.at(-1) ?? -1) + 1, arrived.length > 0 ? indexIn(order, arrived.at(-1)!) : 0)
  // The stretch's kept members moved down over the gaps…
  let kept = from
  for (let at = from, next = 0; at < to; at++) {
    if (removed[next] === at) next++
    else order[kept++] = order[at]!
  }
  // …the stretch made as long as its kept and arriving members together…
  const end = kept + arrived.length
  if (end < to) order.splice(end, to - end)
  for (let at = to; at < end; at += SPLICED_AT_ONCE) order.splice(at, 0, ...arrived.slice(0, Math.min(SPLICED_AT_ONCE, end - at)))
  // …then filled from its end: each arriving member, last first, after the kept members that follow it.
  for (let next = arrived.length - 1, at = kept - 1, into = end - 1; next >= 0; next--) {
    const member = arrived[next]!
    for (const place = indexIn(order, member, from, at + 1); at >= place; ) order[into--] = order[at--]!
    order[into--] = member
  }
}

/** Places a splice opens at once: each is an argument of the call. */
const SPLICED_AT_ONCE = 10_000

/**
 * One shared copy of each value of the columns a page compares for every member it tests or ranks
 * (a state, a plan, a birth date, the Sabbath a member seeks, a faith journey). Each row read from
 * the database carries its own copies; shared ones take less memory and stay in the processor's
 * cache while a page walks thousands of members. Every one of these columns has a bounded set of
 * values (birth dates and cities the most: thousands).
 */
const sharedValues = new Map<string, string>()
const SHARED_COLUMNS = [
  'gender',
  'country',
  'state',
  'city',
  'denomination',
  'faithJourney',
  'seekingSabbath',
  'plan',
  'status',
  'degree',
  'birthDate',
] as const

function shared<T extends string | null>(value: T): T {
  if (value === null) return value
  const known = sharedValues.get(value)
  if (known !== undefined) return known as T
  sharedValues.set(value, value)
  return value
}

/**
 * The member as listed, last active at `lastActiveAt`: a new object, as pages may still hold the old
 * one. Their ranking facts are kept with the new activity in them rather than built again: the
 * members moved are the ones every page is about to rank.
 */
function activeAt(member: ListedMember, lastActiveAt: Date): ListedMember {
  const facts = member.facts && factsActiveAt(member.facts, lastActiveAt.getTime())
  return listedAs(listedRow(member.row, lastActiveAt), member.answers, member.key, facts, member.factsDay)
}

function listed(row: MemberRow, answers: Map<string, Record<string, string>>, key: number): ListedMember {
  const own = answers.get(row.userId)
  return listedAs(listedRow(row, row.lastActiveAt), own ? compactAnswers(own) : NO_ANSWERS, key, null, '')
}

/** Every listed column, empty: the object each row is copied onto (see `listedRow`). */
const EMPTY_ROW = Object.fromEntries(Object.keys(listedColumns).map((column) => [column, null]))

/**
 * A copy of a member's row, last active at `lastActiveAt`. A copy made at once keeps the object and
 * its columns' storage together in memory; the driver's row grows that storage column by column, and
 * a page reads it for thirty columns of thousands of members. Rows read and rows moved are copied
 * alike, onto a clone of `EMPTY_ROW` that has every column already, so that every row has one shape,
 * V8's hidden class, as `listedAs` gives members one: the code a page runs is made for the shapes it
 * has met, and is stopped and made again when another comes (moved members with shapes of their own
 * caused about 70 such stops in the second and a half after a burst of session touches, where there
 * were 9 without one). Only columns the clone has are written: V8 turns an object that gains more
 * than a dozen properties through computed names into a hash table, which Node 22 and 24 did to
 * every row copied with `Object.assign`, and the directory took 250 MB there rather than 124.
 */
function listedRow(row: MemberRow, lastActiveAt: Date): Candidate {
  const copy: Record<string, unknown> = { ...EMPTY_ROW }
  for (const column in copy) copy[column] = row[column as keyof MemberRow]
  for (const column of SHARED_COLUMNS) copy[column] = shared(row[column])
  copy.lastActiveAt = lastActiveAt
  return copy as Candidate
}

/** A listed member: made here alone, for one shape (see `listedRow`). */
function listedAs(row: Candidate, answers: AnswerVector, key: number, facts: RankingFacts | null, factsDay: string): ListedMember {
  return {
    row,
    answers,
    position: row.lastActiveAt.getTime(),
    latitude: row.latitude,
    longitude: row.longitude,
    key,
    plan: row.plan,
    shownToAll: row.status === 'active' && !row.incognito,
    hasDealbreakers: row.dealbreakers !== 0,
    facts,
    factsDay,
  }
}

const directories = new WeakMap<Database, Promise<MemberDirectory>>()

/** The database's member directory, loaded on first use and brought up to date with every write so far. */
export async function memberDirectory(db: Database): Promise<MemberDirectory> {
  let loading = directories.get(db)
  if (!loading) {
    loading = MemberDirectory.load(db)
    directories.set(db, loading)
    // A failed load is tried again by the next request rather than remembered.
    loading.catch(() => directories.delete(db))
  }
  const directory = await loading
  await directory.refresh(db)
  return directory
}

export type { MemberDirectory }
