import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#db/client.ts'
import { photos, profiles, users } from '#db/schema/index.ts'
import { demoMembers } from '#server/seed/demo-members.ts'
import { seedDemoMembers } from '#server/seed/index.ts'
import { portraitOptions } from '#server/seed/portraits.ts'
import { photoFilePath, photosDir } from '#server/services/photos.ts'
import { PHOTO_SIZES } from '#shared/logic/photo-renditions.ts'
import { ageOn } from '#shared/schemas/profile.ts'

const today = new Date('2025-03-15T12:00:00Z')
let handle: DatabaseHandle
let uploadsDir: string

beforeEach(async () => {
  handle = await openDatabase(':memory:')
  await migrateDatabase(handle.db)
  uploadsDir = await mkdtemp(join(tmpdir(), 'covenant-portraits-'))
})

afterEach(async () => {
  handle.close()
  await rm(uploadsDir, { recursive: true, force: true })
})

describe('demo portraits', () => {
  it('gives every demo member an illustrated portrait as their main photo, stored like an upload, once', async () => {
    expect(await seedDemoMembers(handle.db, { count: 12, today, uploadsDir })).toBe(12)

    const rows = await handle.db
      .select({ email: users.email, photoId: profiles.photoId, photo: photos })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(photos, eq(photos.id, profiles.photoId))
    expect(rows).toHaveLength(12)
    for (const row of rows) {
      expect(row.photo).toMatchObject({ isIllustration: true, width: 360, height: 450 })
      for (const size of PHOTO_SIZES) {
        const metadata = await sharp(photoFilePath(uploadsDir, row.photoId!, size)).metadata()
        expect(metadata).toMatchObject({ format: 'webp', width: 360, height: 450 })
      }
    }

    // A second run (a restart) adds no member, photo or file.
    const files = await readdir(photosDir(uploadsDir))
    expect(files).toHaveLength(12 * PHOTO_SIZES.length)
    expect(await seedDemoMembers(handle.db, { count: 12, today, uploadsDir })).toBe(0)
    expect(await handle.db.select({ id: photos.id }).from(photos)).toHaveLength(12)
    expect(await readdir(photosDir(uploadsDir))).toEqual(files)
  })

  it('draws each member the same way every time, and no two members alike', () => {
    const members = demoMembers(today, 40)
    const drawn = members.map((member) => JSON.stringify(portraitOptions(member, today)))
    expect(members.map((member) => JSON.stringify(portraitOptions(member, today)))).toEqual(drawn)
    expect(new Set(drawn).size).toBe(members.length)
  })

  it("varies by gender and age: women's and men's hairstyles, beards only on men, grey hair with the years", () => {
    const drawn = demoMembers(today, 320).map((member) => ({ member, options: portraitOptions(member, today) }))
    const women = drawn.filter(({ member }) => member.gender === 'woman')
    const men = drawn.filter(({ member }) => member.gender === 'man')
    const hairstyles = (group: typeof drawn) => new Set(group.flatMap(({ options }) => options.top ?? []))

    expect([...hairstyles(women)].filter((style) => hairstyles(men).has(style))).toEqual([])
    expect(women.every(({ options }) => options.facialHairProbability === 0)).toBe(true)
    expect(men.filter(({ options }) => options.facialHairProbability === 100).length).toBeGreaterThan(men.length / 5)

    const silver = (group: typeof drawn) => group.filter(({ options }) => options.hairColor?.[0] === 'e8e1e1').length / group.length
    const young = drawn.filter(({ member }) => ageOn(member.birthDate, today) < 40)
    const older = drawn.filter(({ member }) => ageOn(member.birthDate, today) >= 58)
    expect(silver(young)).toBe(0)
    expect(silver(older)).toBeGreaterThan(0.5)
    expect(new Set(drawn.map(({ options }) => options.skinColor?.[0])).size).toBeGreaterThanOrEqual(4)
  })
})
