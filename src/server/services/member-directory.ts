import { and, asc, eq, gt, inArray, isNotNull, max, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { readInPages, readInSlices } from '#db/large-reads.ts'
import { preparedOnce } from '#db/prepared.ts'
import { memberChanges, profiles, users, verifications } from '#db/schema/index.ts'
import type { Gender } from '#shared/schemas/profile-options.ts'
import { type AnswerVector, compactAnswers } from './compatibility.ts'
import { interviewAnswersOf, rankingFactsOf, traitColumns } from './compatibility-data.ts'
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
/** More changes than this at once are applied by rebuilding the activity order rather than moving members one by one. */
const REBUILD_AT = 2_000
/** Place buckets are this many degrees of latitude and longitude. */
const CELL_DEGREES = 1

export type Candidate = Awaited<ReturnType<typeof readMembers>>[number] & { gender: Gender; latitude: number; longitude: number }

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
    .select({ userId: memberChanges.userId, seq: memberChanges.seq })
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
      for (const row of rows) directory.add(listed(row, answers, directory.keyOf(row.userId)), false)
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
    const [south, north] = [Math.floor(box.minLatitude / CELL_DEGREES), Math.floor(box.maxLatitude / CELL_DEGREES)]
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
    // '' notes that some member no longer exists (no row may name them): find who is gone.
    const userIds = changes.map((change) => change.userId).filter((userId) => userId !== '')
    if (userIds.length < changes.length) await this.forgetDeleted(db)
    const answers = await interviewAnswersOf(db, userIds)
    const rows = await readInSlices(userIds, (slice) => readMembers(db, inArray(profiles.userId, slice)))
    const rebuild = changes.length > REBUILD_AT
    for (const userId of userIds) this.remove(userId, !rebuild)
    for (const row of rows) this.add(listed(row, answers, this.keyOf(row.userId)), !rebuild)
    if (rebuild) this.rebuildActivity()
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
    for (const userId of [...this.members.keys()]) if (!present.has(userId)) this.remove(userId, true)
  }

  /** `inOrder`: place the member in the activity orders too (otherwise `rebuildActivity` follows). */
  private add(member: ListedMember, inOrder: boolean) {
    this.members.set(member.row.userId, member)
    if (!inOrder) return
    for (const order of this.ordersOf(member)) order.splice(this.indexIn(order, member), 0, member)
  }

  private remove(userId: string, inOrder: boolean) {
    const member = this.members.get(userId)
    if (!member) return
    this.members.delete(userId)
    if (!inOrder) return
    for (const order of this.ordersOf(member)) order.splice(this.indexIn(order, member), 1)
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

  /** Where `member` sits (or would sit) in the activity order, by binary search. */
  private indexIn(order: readonly ListedMember[], member: ListedMember) {
    let [low, high] = [0, order.length]
    while (low < high) {
      const middle = (low + high) >>> 1
      if (byActivity(order[middle]!, member) < 0) low = middle + 1
      else high = middle
    }
    return low
  }

  private rebuildActivity() {
    this.activity = { man: [], woman: [] }
    this.places = new Map()
    for (const member of this.members.values()) for (const order of this.ordersOf(member)) order.push(member)
    for (const order of [...Object.values(this.activity), ...this.places.values()]) order.sort(byActivity)
  }
}

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

function listed(
  row: Awaited<ReturnType<typeof readMembers>>[number],
  answers: Map<string, Record<string, string>>,
  key: number,
): ListedMember {
  const own = answers.get(row.userId)
  // A copy made at once keeps the object and its columns' storage together in memory; the driver's
  // row grows that storage column by column, and a page reads it for thousands of members.
  const copy: Record<string, unknown> = { ...row }
  for (const column of SHARED_COLUMNS) copy[column] = shared(row[column])
  const candidate = copy as Candidate
  return {
    row: candidate,
    answers: own ? compactAnswers(own) : NO_ANSWERS,
    position: candidate.lastActiveAt.getTime(),
    latitude: candidate.latitude,
    longitude: candidate.longitude,
    key,
    plan: candidate.plan,
    shownToAll: candidate.status === 'active' && !candidate.incognito,
    hasDealbreakers: candidate.dealbreakers !== 0,
    facts: null,
    factsDay: '',
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
