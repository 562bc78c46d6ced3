import { readdir } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { photos, profiles } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { MAX_PHOTOS_PER_MEMBER, photoFilePath, photosDir } from '#server/services/photos.ts'
import { PHOTO_SIZES } from '#shared/logic/photo-renditions.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { jpegWithGps } from '#tests/support/images.ts'
import { type Harness, refusal } from '#tests/support/members.ts'
import { testConfig } from '#tests/support/test-config.ts'

const CAP_REACHED = 'You can keep up to 6 photos. Remove one first.'

let h: Harness
beforeEach(async () => {
  // A database file, so the uploads are concurrent writers as they are in the app.
  h = await contractHarness({ DATABASE_URL: testConfig().DATABASE_URL })
})
afterEach(() => h.close())

describe('the six-photo cap', () => {
  it('holds when twelve uploads arrive at once: six stored, six refused, only six photos on disk', async () => {
    const ruth = await h.member({ firstName: 'Ruth' })
    const images = await Promise.all(Array.from({ length: 12 }, (_, i) => jpegWithGps(96 + i, 72)))

    const results = await Promise.allSettled(images.map((image) => ruth.api.profile.addPhoto({ image })))

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(MAX_PHOTOS_PER_MEMBER)
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
    expect(refused).toHaveLength(12 - MAX_PHOTOS_PER_MEMBER)
    for (const error of refused) {
      expect(error.code).toBe('BAD_REQUEST')
      expect(publicErrorMessage(error)).toBe(CAP_REACHED)
    }

    const stored = await h.db.select({ id: photos.id }).from(photos).where(eq(photos.userId, ruth.user.id))
    expect(stored).toHaveLength(MAX_PHOTOS_PER_MEMBER)
    expect((await ruth.api.profile.get()).photos).toHaveLength(MAX_PHOTOS_PER_MEMBER)
    const expectedFiles = stored.flatMap(({ id }) => PHOTO_SIZES.map((size) => photoFilePath(h.config.UPLOADS_DIR, id, size)))
    const onDisk = (await readdir(photosDir(h.config.UPLOADS_DIR))).map((name) => `${photosDir(h.config.UPLOADS_DIR)}/${name}`)
    expect(onDisk.sort()).toEqual(expectedFiles.sort())
    // The main photo is one of the stored ones.
    const [profile] = await h.db.select({ photoId: profiles.photoId }).from(profiles).where(eq(profiles.userId, ruth.user.id))
    expect(stored.map(({ id }) => id)).toContain(profile!.photoId)

    // Full is full: a seventh upload later is refused the same way and leaves no file behind.
    const seventh = await refusal(ruth.api.profile.addPhoto({ image: images[0]! }))
    expect(publicErrorMessage(seventh)).toBe(CAP_REACHED)
    expect(await readdir(photosDir(h.config.UPLOADS_DIR))).toHaveLength(MAX_PHOTOS_PER_MEMBER * PHOTO_SIZES.length)
  })
})
