import { and, asc, count, eq, isNull, like } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import {
  evangelismResources,
  profiles,
  sabbathEventSignups,
  sabbathEvents,
  sabbathResourceDownloads,
  sabbathResources,
  users,
} from '#db/schema/index.ts'
import { evangelismSeeds } from './evangelism-content.ts'
import { createRandom } from './random.ts'
import { sabbathEventSeeds, sabbathResourceSeeds } from './sabbath-content.ts'

const DEMO_ACTIVITY_SEED = 20_240_106
/** Generated demo members only: the published demo accounts start with nothing joined. */
const GENERATED_DEMO_EMAILS = '%@demo.covenant.app'
const DEMO_ATTENDANCE = { attend: 0.35, remind: 0.12 } as const
const DEMO_DOWNLOAD_SHARE = 0.4
const ROWS_PER_INSERT = 500

export interface SeededContent {
  sabbathEvents: number
  sabbathResources: number
  evangelismResources: number
}

/**
 * The product's own content (Sabbath events and guides, the evangelism library): each table is
 * filled only while it is empty, so restarts and concurrent starts insert it once. With
 * `demoActivity`, Sabbath-keeping demo members also join events and download guides, so the demo
 * shows counts made of real rows.
 */
export async function seedContent(db: Database, options: { demoActivity?: boolean } = {}): Promise<SeededContent> {
  // A write transaction at start-up, before the server listens (decision 005).
  return db.transaction(async (tx) => {
    const seeded: SeededContent = { sabbathEvents: 0, sabbathResources: 0, evangelismResources: 0 }
    if (await isEmpty(tx, sabbathEvents)) {
      await tx.insert(sabbathEvents).values([...sabbathEventSeeds])
      seeded.sabbathEvents = sabbathEventSeeds.length
    }
    if (await isEmpty(tx, sabbathResources)) {
      await tx.insert(sabbathResources).values(sabbathResourceSeeds.map((resource, position) => ({ ...resource, position })))
      seeded.sabbathResources = sabbathResourceSeeds.length
    }
    if (await isEmpty(tx, evangelismResources)) {
      await tx.insert(evangelismResources).values(evangelismSeeds.map((item, position) => ({ ...item, position })))
      seeded.evangelismResources = evangelismSeeds.length
    }
    await fillAddedColumns(tx)
    if (options.demoActivity) await seedDemoActivity(tx)
    return seeded
  })
}

/**
 * Content seeded before items had pages and online events had meeting links gets them too,
 * matched by title and never overwriting what is there.
 */
async function fillAddedColumns(tx: Transaction) {
  for (const item of evangelismSeeds) {
    await tx
      .update(evangelismResources)
      .set({ body: item.body })
      .where(and(eq(evangelismResources.title, item.title), eq(evangelismResources.body, '')))
  }
  for (const event of sabbathEventSeeds) {
    if (!event.meetingUrl) continue
    await tx
      .update(sabbathEvents)
      .set({ meetingUrl: event.meetingUrl })
      .where(and(eq(sabbathEvents.title, event.title), isNull(sabbathEvents.meetingUrl)))
  }
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
type CountedTable =
  | typeof sabbathEvents
  | typeof sabbathResources
  | typeof evangelismResources
  | typeof sabbathEventSignups
  | typeof sabbathResourceDownloads

async function isEmpty(tx: Transaction, table: CountedTable): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(table)
  return (row?.n ?? 0) === 0
}

async function seedDemoActivity(tx: Transaction) {
  if (!(await isEmpty(tx, sabbathEventSignups)) || !(await isEmpty(tx, sabbathResourceDownloads))) return
  const keepers = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(like(users.email, GENERATED_DEMO_EMAILS), eq(profiles.isSabbathKeeper, true)))
    .orderBy(asc(users.email))
  if (keepers.length === 0) return

  const random = createRandom(DEMO_ACTIVITY_SEED)
  const events = await tx.select({ id: sabbathEvents.id }).from(sabbathEvents).orderBy(asc(sabbathEvents.firstStartsAt))
  const signups = events.flatMap((event) =>
    keepers.flatMap((member) =>
      (['attend', 'remind'] as const)
        .filter((kind) => random.chance(DEMO_ATTENDANCE[kind]))
        .map((kind) => ({ eventId: event.id, userId: member.id, kind })),
    ),
  )
  const resources = await tx.select({ id: sabbathResources.id }).from(sabbathResources).orderBy(asc(sabbathResources.position))
  const downloads = resources.flatMap((resource) =>
    keepers.filter(() => random.chance(DEMO_DOWNLOAD_SHARE)).map((member) => ({ resourceId: resource.id, userId: member.id })),
  )
  // Chunked to stay far below SQLite's bound-parameter limit however large the demo community is.
  for (let start = 0; start < signups.length; start += ROWS_PER_INSERT) {
    await tx.insert(sabbathEventSignups).values(signups.slice(start, start + ROWS_PER_INSERT))
  }
  for (let start = 0; start < downloads.length; start += ROWS_PER_INSERT) {
    await tx.insert(sabbathResourceDownloads).values(downloads.slice(start, start + ROWS_PER_INSERT))
  }
}
