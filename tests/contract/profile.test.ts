import { readdir, readFile } from 'node:fs/promises'
import { TRPCError } from '@trpc/server'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { photos, profiles, users } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { seedDemoMembers } from '#server/seed/index.ts'
import { photoFilePath, photosDir } from '#server/services/photos.ts'
import { PHOTO_SIZES } from '#shared/logic/photo-renditions.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { FACE_COLOUR, HTML_AS_JPEG, jpegWithGps, pngClaiming, portraitWithFaceAtTop, SECRET_PLACE } from '#tests/support/images.ts'
import { completeMember } from '#tests/support/members.ts'

type Harness = Awaited<ReturnType<typeof contractHarness>>
type Member = Awaited<ReturnType<Harness['member']>>

const PLACE_NOT_FOUND = "We couldn't find that city. Please check the spelling, state and country."
const PHOTO_REJECTED = 'Please upload a JPEG, PNG, WebP or HEIC photo.'
const UNSUPPORTED_CHARACTERS = 'Please remove unsupported characters'

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCError) return error
    throw error
  }
  throw new Error('expected the call to be refused, but it succeeded')
}

const shown = (error: TRPCError) => publicErrorMessage(error)

/** YYYY-MM-DD in the local calendar, `years` back from today, shifted by `days`. */
function birthDateYearsAgo(years: number, days = 0): string {
  const date = new Date()
  date.setFullYear(date.getFullYear() - years)
  date.setDate(date.getDate() + days)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

let h: Harness
beforeAll(async () => {
  h = await contractHarness()
})
afterAll(() => h.close())

async function storedProfile(userId: string) {
  const [row] = await h.db.select().from(profiles).where(eq(profiles.userId, userId))
  return row!
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on every profile procedure', async () => {
    const { api } = h.caller()
    const photo = await jpegWithGps()
    const calls = [
      api.profile.get(),
      api.profile.update({ bio: 'hello' }),
      api.profile.addPhoto({ image: photo }),
      api.profile.removePhoto({ photoId: 'some-photo-id' }),
      api.profile.setMainPhoto({ photoId: 'some-photo-id' }),
    ]
    for (const call of calls) expect((await refusal(call)).code).toBe('UNAUTHORIZED')
    expect(await readdir(photosDir(h.config.UPLOADS_DIR)).catch(() => [])).toEqual([])
  })
})

describe('profile update', () => {
  it('starts incomplete, then places the member at the city centre with a readable location and age', async () => {
    const member = await h.member()
    const before = await member.api.profile.get()
    expect(before).toMatchObject({ firstName: 'Ruth', isComplete: false, location: null, age: null, photos: [] })

    const birthDate = birthDateYearsAgo(30, 1)
    const profile = await member.api.profile.update({ gender: 'woman', birthDate, city: 'nashville', state: 'TN', country: 'US' })
    expect(profile).toMatchObject({
      gender: 'woman',
      birthDate,
      city: 'Nashville',
      state: 'TN',
      country: 'US',
      location: 'Nashville, Tennessee',
      age: 29,
      isComplete: true,
    })
    expect(profile).not.toHaveProperty('latitude')
    expect(profile).not.toHaveProperty('longitude')

    const stored = await storedProfile(member.user.id)
    expect(stored.latitude).toBeCloseTo(36.166, 2)
    expect(stored.longitude).toBeCloseTo(-86.784, 2)
    expect(await member.api.profile.get()).toEqual(profile)
  })

  it('is not complete with a place but no gender or birth date', async () => {
    const member = await h.member()
    const profile = await member.api.profile.update({ city: 'Nashville', state: 'TN', country: 'US' })
    expect(profile.isComplete).toBe(false)
    expect((await member.api.profile.update({ gender: 'man' })).isComplete).toBe(false)
    expect((await member.api.profile.update({ birthDate: birthDateYearsAgo(40) })).isComplete).toBe(true)
  })

  it('computes the age from the birth date on the birthday itself', async () => {
    const member = await h.member()
    expect((await member.api.profile.update({ birthDate: birthDateYearsAgo(35) })).age).toBe(35)
  })

  it('refuses an unknown city with a readable message and keeps the old place', async () => {
    const member = await h.member()
    await member.api.profile.update({ city: 'Nashville', state: 'TN', country: 'US' })
    const error = await refusal(member.api.profile.update({ city: 'Atlantis', state: 'TN', country: 'US' }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(shown(error)).toBe(PLACE_NOT_FOUND)
    expect(await storedProfile(member.user.id)).toMatchObject({ city: 'Nashville', state: 'TN' })
  })

  it('refuses a member younger than 18, by a single day', async () => {
    const member = await h.member()
    const error = await refusal(member.api.profile.update({ birthDate: birthDateYearsAgo(18, 1) }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(shown(error)).toBe('You must be at least 18 years old')
    expect((await storedProfile(member.user.id)).birthDate).toBeNull()

    expect((await member.api.profile.update({ birthDate: birthDateYearsAgo(18) })).age).toBe(18)
  })

  it.each([
    ['plan', { plan: 'billionaire' }],
    ['isVerified', { isVerified: true }],
    ['role', { role: 'admin' }],
  ])('refuses a smuggled %s and changes nothing', async (_field, smuggled) => {
    const member = await h.member()
    const error = await refusal(member.api.profile.update({ bio: 'Changed bio', ...smuggled } as never))
    expect(error.code).toBe('BAD_REQUEST')
    const [user] = await h.db.select({ plan: users.plan }).from(users).where(eq(users.id, member.user.id))
    expect(user!.plan).toBe('free')
    expect(await storedProfile(member.user.id)).toMatchObject({ isVerified: false, bio: '' })
  })

  it('keeps the bio within 1000 characters', async () => {
    const member = await h.member()
    const error = await refusal(member.api.profile.update({ bio: 'a'.repeat(1001) }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(shown(error)).toBe('Please keep your bio under 1000 characters')
    expect((await storedProfile(member.user.id)).bio).toBe('')

    const bio = `Line one\n${'b'.repeat(990)}`
    expect((await member.api.profile.update({ bio })).bio).toBe(bio)
  })

  it.each([
    ['a right-to-left override (U+202E)', 'Ruth\u202Eevil'],
    ['a NUL character', 'Ru\u0000th'],
    ['a lone surrogate', 'Ruth\uD800'],
  ])('refuses a name with %s', async (_label, firstName) => {
    const member = await h.member()
    const error = await refusal(member.api.profile.update({ firstName }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(shown(error)).toBe(UNSUPPORTED_CHARACTERS)
    const [user] = await h.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, member.user.id))
    expect(user!.firstName).toBe('Ruth')
  })

  it('refuses a name of 5,000 combining marks without trouble', async () => {
    const member = await h.member()
    const error = await refusal(member.api.profile.update({ firstName: `a${'\u0301'.repeat(5000)}` }))
    expect(error.code).toBe('BAD_REQUEST')
  })

  it('stores markup in a name as plain text', async () => {
    const member = await h.member()
    const firstName = '<img src=x onerror=alert(1)>'
    expect((await member.api.profile.update({ firstName })).firstName).toBe(firstName)
    expect((await member.api.auth.me())?.firstName).toBe(firstName)
  })
})

describe('photos', () => {
  let owner: Member
  beforeAll(async () => {
    owner = await h.member()
  })

  async function storedFiles(photoId: string) {
    return Promise.all(PHOTO_SIZES.map((size) => readFile(photoFilePath(h.config.UPLOADS_DIR, photoId, size))))
  }

  async function renditionSizes(photoId: string) {
    const files = await storedFiles(photoId)
    const sizes = await Promise.all(files.map(async (file) => (await sharp(file).metadata()) as { width: number; height: number }))
    return Object.fromEntries(PHOTO_SIZES.map((size, index) => [size, `${sizes[index]!.width}×${sizes[index]!.height}`]))
  }

  it('stores a large photo in three 4:5 portrait sizes for srcset', async () => {
    const member = await h.member()
    const profile = await member.api.profile.addPhoto({ image: await jpegWithGps(2400, 1800) })
    expect(await renditionSizes(profile.photos[0]!.id)).toEqual({ small: '360×450', card: '720×900', large: '1080×1350' })
  })

  it('never enlarges a small photo: each size is at most the largest 4:5 portrait it holds', async () => {
    const member = await h.member()
    const profile = await member.api.profile.addPhoto({ image: await jpegWithGps(800, 600) })
    expect(await renditionSizes(profile.photos[0]!.id)).toEqual({ small: '360×450', card: '480×600', large: '480×600' })

    const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const tiny = await member.api.profile.addPhoto({ image: dot })
    expect(await renditionSizes(tiny.photos.at(-1)!.id)).toEqual({ small: '1×1', card: '1×1', large: '1×1' })
  })

  it("labels a demo member's seeded portrait as an illustration on their profile, and an upload as a photo", async () => {
    const local = await contractHarness()
    try {
      await seedDemoMembers(local.db, { count: 2, uploadsDir: local.config.UPLOADS_DIR })
      const [daniel] = await local.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo.man@covenant.app'))
      const viewer = await completeMember(local, { gender: 'woman' })
      const seeded = await viewer.api.members.byId({ userId: daniel!.id })
      expect(seeded.photos).toEqual([{ id: expect.any(String), url: seeded.profileImageUrl, isIllustration: true }])

      await viewer.api.profile.addPhoto({ image: await jpegWithGps() })
      const uploaded = await viewer.api.members.byId({ userId: viewer.user.id })
      expect(uploaded.photos).toEqual([{ id: expect.any(String), url: uploaded.profileImageUrl, isIllustration: false }])
    } finally {
      local.close()
    }
  })

  it('crops a tall portrait around the face at its top instead of through its middle', async () => {
    const member = await h.member()
    const profile = await member.api.profile.addPhoto({ image: await portraitWithFaceAtTop() })
    const [, card] = await storedFiles(profile.photos[0]!.id)
    const { data, info } = await sharp(card).raw().toBuffer({ resolveWithObject: true })
    expect(`${info.width}×${info.height}`).toBe('600×750')
    // The face's cheek (source y = 360) is still 360 px down: the crop kept the top. A centre crop
    // would start at y = 375 and show grey here.
    const at = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3))
    const [r, g, b] = at(180, 360)
    expect(Math.abs(r! - FACE_COLOUR.r) + Math.abs(g! - FACE_COLOUR.g) + Math.abs(b! - FACE_COLOUR.b)).toBeLessThan(30)
  })

  it('accepts a real JPEG and keeps only WebP renditions without EXIF or GPS', async () => {
    const jpeg = await jpegWithGps(400, 300)
    const original = await sharp(jpeg).metadata()
    expect(original.exif?.includes(SECRET_PLACE)).toBe(true)

    const profile = await owner.api.profile.addPhoto({ image: jpeg })
    expect(profile.photos).toHaveLength(1)
    const [photo] = profile.photos
    expect(photo).toMatchObject({ isMain: true, url: `/uploads/photos/${photo!.id}-card.webp` })
    expect(profile.profileImageUrl).toBe(photo!.url)
    expect((await owner.api.auth.me())?.profileImageUrl).toBe(photo!.url)

    for (const file of await storedFiles(photo!.id)) {
      const metadata = await sharp(file).metadata()
      expect(metadata.format).toBe('webp')
      expect(metadata.exif).toBeUndefined()
      expect(file.includes(SECRET_PLACE)).toBe(false)
      expect(file.includes('Exif')).toBe(false)
    }
  })

  it('re-encodes a polyglot: markup appended to a JPEG never reaches the stored file', async () => {
    const member = await h.member()
    const polyglot = Buffer.concat([await jpegWithGps(), Buffer.from('<script>alert(1)</script>')])
    const profile = await member.api.profile.addPhoto({ image: polyglot })
    for (const file of await storedFiles(profile.photos[0]!.id)) {
      expect(file.includes('<script>')).toBe(false)
      expect((await sharp(file).metadata()).format).toBe('webp')
    }
  })

  it('refuses an HTML file by its content and stores nothing', async () => {
    const member = await h.member()
    const error = await refusal(member.api.profile.addPhoto({ image: HTML_AS_JPEG }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(shown(error)).toBe(PHOTO_REJECTED)
    expect(await h.db.select().from(photos).where(eq(photos.userId, member.user.id))).toEqual([])
  })

  it('refuses a PNG whose header claims 50,000 × 50,000 pixels, quickly', async () => {
    const bomb = pngClaiming(50_000, 50_000)
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 50_000, height: 50_000 })

    const member = await h.member()
    const started = performance.now()
    const error = await refusal(member.api.profile.addPhoto({ image: bomb }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(performance.now() - started).toBeLessThan(2000)
    expect(await h.db.select().from(photos).where(eq(photos.userId, member.user.id))).toEqual([])
  })

  it("answers NOT_FOUND for another member's photo and leaves it in place", async () => {
    const [photo] = (await owner.api.profile.get()).photos
    const other = await h.member()
    await other.api.profile.addPhoto({ image: await jpegWithGps() })

    for (const call of [other.api.profile.removePhoto({ photoId: photo!.id }), other.api.profile.setMainPhoto({ photoId: photo!.id })]) {
      const error = await refusal(call)
      expect(error.code).toBe('NOT_FOUND')
    }
    expect((await owner.api.profile.get()).photos).toEqual([photo])
    expect(await storedFiles(photo!.id)).toHaveLength(PHOTO_SIZES.length)
    const otherProfile = await other.api.profile.get()
    expect(otherProfile.photos.every((p) => p.id !== photo!.id)).toBe(true)
    expect(otherProfile.profileImageUrl).not.toBe(photo!.url)
  })

  it('moves the main photo, and removing the main one promotes the next and deletes its files', async () => {
    const member = await h.member()
    await member.api.profile.addPhoto({ image: await jpegWithGps() })
    const two = await member.api.profile.addPhoto({ image: await jpegWithGps() })
    const [first, second] = two.photos
    expect(first!.isMain).toBe(true)

    const switched = await member.api.profile.setMainPhoto({ photoId: second!.id })
    expect(switched.profileImageUrl).toBe(second!.url)

    const removed = await member.api.profile.removePhoto({ photoId: second!.id })
    expect(removed.photos).toEqual([{ ...first!, isMain: true }])
    expect(removed.profileImageUrl).toBe(first!.url)
    await expect(readFile(photoFilePath(h.config.UPLOADS_DIR, second!.id, 'card'))).rejects.toThrow()
  })

  it('keeps at most 6 photos', async () => {
    const member = await h.member()
    const image = await jpegWithGps(32, 32)
    for (let i = 0; i < 6; i++) await member.api.profile.addPhoto({ image })
    const error = await refusal(member.api.profile.addPhoto({ image }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(shown(error)).toBe('You can keep up to 6 photos. Remove one first.')
    expect((await member.api.profile.get()).photos).toHaveLength(6)
  })
})
