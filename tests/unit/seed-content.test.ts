import { count, eq, inArray } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#db/client.ts'
import { evangelismResources, sabbathEventSignups, sabbathResourceDownloads, users } from '#db/schema/index.ts'
import { seedContent } from '#server/seed/content.ts'
import { seedDemoMembers } from '#server/seed/index.ts'

const today = new Date('2025-03-15T12:00:00Z')
let handle: DatabaseHandle

beforeEach(async () => {
  handle = await openDatabase(':memory:')
  await migrateDatabase(handle.db)
})

afterEach(() => handle.close())

async function rowCount(table: typeof sabbathEventSignups | typeof sabbathResourceDownloads | typeof evangelismResources) {
  const [row] = await handle.db.select({ n: count() }).from(table)
  return row?.n ?? 0
}

describe('seedContent', () => {
  it('fills the content tables once', async () => {
    expect(await seedContent(handle.db)).toEqual({ sabbathEvents: 4, sabbathResources: 3, evangelismResources: 12 })
    expect(await seedContent(handle.db)).toEqual({ sabbathEvents: 0, sabbathResources: 0, evangelismResources: 0 })
    expect(await rowCount(evangelismResources)).toBe(12)
  })

  // The first place looked up builds the gazetteer: a second or more on a busy machine.
  it('adds no activity without demo members, or when not asked to', async () => {
    await seedContent(handle.db, { demoActivity: true })
    expect(await rowCount(sabbathEventSignups)).toBe(0)
    await seedDemoMembers(handle.db, { count: 60, today })
    await seedContent(handle.db)
    expect(await rowCount(sabbathEventSignups)).toBe(0)
  }, 30_000)

  it('lets generated demo members join events and download guides, once, leaving the published accounts untouched', async () => {
    await seedDemoMembers(handle.db, { count: 60, today })
    await seedContent(handle.db, { demoActivity: true })
    const signups = await rowCount(sabbathEventSignups)
    const downloads = await rowCount(sabbathResourceDownloads)
    expect(signups).toBeGreaterThan(0)
    expect(downloads).toBeGreaterThan(0)

    const published = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, ['demo@covenant.app', 'demo.man@covenant.app']))
    for (const { id } of published) {
      expect(await handle.db.select().from(sabbathEventSignups).where(eq(sabbathEventSignups.userId, id))).toEqual([])
      expect(await handle.db.select().from(sabbathResourceDownloads).where(eq(sabbathResourceDownloads.userId, id))).toEqual([])
    }

    await seedContent(handle.db, { demoActivity: true })
    expect(await rowCount(sabbathEventSignups)).toBe(signups)
    expect(await rowCount(sabbathResourceDownloads)).toBe(downloads)
  })
})
