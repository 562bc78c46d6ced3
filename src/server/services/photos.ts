import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { photos, profiles } from '#db/schema/index.ts'
import { InvalidInputError, NotFoundError } from '#server/errors.ts'
import { PHOTO_RENDITIONS, PHOTO_SIZES, type PhotoSize } from '#shared/logic/photo-renditions.ts'

export const MAX_PHOTOS_PER_MEMBER = 6
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
/** Refuses decompression bombs (a small file claiming a huge canvas) before decoding. */
const MAX_INPUT_PIXELS = 40_000_000
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif'])

/** Photos stored before the 4:5 renditions also had a 160×160 square; removing a photo removes it too. */
const LEGACY_SIZES = ['thumb'] as const
const PORTRAIT_RATIO = PHOTO_RENDITIONS.large.height / PHOTO_RENDITIONS.large.width

const PHOTO_REJECTED = 'Please upload a JPEG, PNG, WebP or HEIC photo.'
const PHOTO_CAP_REACHED = `You can keep up to ${MAX_PHOTOS_PER_MEMBER} photos. Remove one first.`
const NOT_YET_APPROVED = 'This photo can be your main photo once a moderator has approved it.'

/**
 * The one rule of photo review: only an approved photo is shown to other members. `profiles.photoId`
 * (the main photo every list of members reads) only ever points at one, so those lists need no check
 * of their own; what lists a member's photos, or serves a photo's file, applies this.
 */
export const approvedPhoto = eq(photos.reviewStatus, 'approved')

export function photosDir(uploadsDir: string) {
  return join(uploadsDir, 'photos')
}

export function photoFilePath(uploadsDir: string, photoId: string, size: PhotoSize | (typeof LEGACY_SIZES)[number]) {
  return join(photosDir(uploadsDir), `${photoId}-${size}.webp`)
}

/**
 * Decodes by content (never by name), re-encodes to WebP without metadata, and keeps only our
 * 4:5 renditions. The cap is checked again by the insert itself (`INSERT … SELECT … WHERE count < cap`),
 * so uploads racing each other cannot store a seventh photo; a refused upload's files are removed.
 * Under photo review the photo waits as `pending`, and becomes the main photo only once approved.
 */
export async function addPhoto(db: Database, uploadsDir: string, userId: string, bytes: Uint8Array, options: { review: boolean }) {
  // Refuse a member who is already full before spending time on decoding.
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(photos).where(eq(photos.userId, userId))
  if (total >= MAX_PHOTOS_PER_MEMBER) throw new InvalidInputError(PHOTO_CAP_REACHED)
  const { id, width, height } = await storePhotoFiles(uploadsDir, await uploadedPortrait(bytes))
  const removeFiles = () => deletePhotoFiles(uploadsDir, id)
  const [, , stored] = await db
    .batch([
      db.run(sql`insert into ${photos} (id, user_id, width, height, review_status, created_at)
        select ${id}, ${userId}, ${width}, ${height}, ${options.review ? 'pending' : 'approved'}, ${Date.now()}
        where (select count(*) from ${photos} where user_id = ${userId}) < ${MAX_PHOTOS_PER_MEMBER}`),
      db
        .update(profiles)
        .set({ photoId: id })
        .where(
          and(
            eq(profiles.userId, userId),
            isNull(profiles.photoId),
            sql`exists (select 1 from ${photos} where id = ${id} and ${approvedPhoto})`,
          ),
        ),
      db.select({ id: photos.id }).from(photos).where(eq(photos.id, id)),
    ])
    .catch(async (error: unknown) => {
      await removeFiles()
      throw error
    })
  if (stored.length === 0) {
    await removeFiles()
    throw new InvalidInputError(PHOTO_CAP_REACHED)
  }
  return { id }
}

/**
 * An upload decoded by content, turned upright and cropped to 4:5 around what draws the eye (a face,
 * skin, detail: sharp's attention strategy), as large as the `large` rendition at most and never enlarged.
 */
async function uploadedPortrait(bytes: Uint8Array): Promise<RawImage> {
  let metadata: sharp.Metadata
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  } catch {
    throw new InvalidInputError(PHOTO_REJECTED)
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new InvalidInputError(PHOTO_REJECTED)
  const { width, height } = metadata.autoOrient
  // At least a pixel: a photo too small for a 4:5 crop (1×1) is kept as it is.
  const cropWidth = Math.max(1, Math.min(PHOTO_RENDITIONS.large.width, width, Math.floor(height / PORTRAIT_RATIO)))
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: cropWidth,
        height: Math.min(height, Math.round(cropWidth * PORTRAIT_RATIO)),
        fit: 'cover',
        position: sharp.strategy.attention,
      })
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new InvalidInputError(PHOTO_REJECTED)
  }
}

/** A decoded 4:5 image, the one source every rendition of a photo is scaled from. */
export interface RawImage {
  data: Buffer
  info: sharp.OutputInfo
}

/**
 * Writes a photo's renditions as WebP without metadata under a new id: each rendition at its size or
 * the portrait's own, whichever is smaller (so a small portrait is encoded once and stored under every size).
 */
export async function storePhotoFiles(uploadsDir: string, portrait: RawImage) {
  const { data, info } = portrait
  const encoded = new Map<number, Promise<Buffer>>()
  const heightFor = (width: number) => Math.round(width * PORTRAIT_RATIO)
  const encode = (width: number) =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize(width, heightFor(width))
      // Effort 2 of 6 encodes in about half the time of the default for a few per cent more bytes.
      .webp({ quality: 82, effort: 2 })
      .toBuffer()
  const widthOf = (size: PhotoSize) => Math.min(PHOTO_RENDITIONS[size].width, info.width)
  const files = PHOTO_SIZES.map((size) => {
    const width = widthOf(size)
    if (!encoded.has(width)) encoded.set(width, encode(width))
    return { size, data: encoded.get(width)! }
  })
  const id = randomId()
  await mkdir(photosDir(uploadsDir), { recursive: true })
  await Promise.all(files.map(async ({ size, data }) => writeFile(photoFilePath(uploadsDir, id, size), await data)))
  return { id, width: widthOf('large'), height: heightFor(widthOf('large')) }
}

export async function removePhoto(db: Database, uploadsDir: string, userId: string, photoId: string) {
  const deleted = await db
    .delete(photos)
    .where(and(eq(photos.id, photoId), eq(photos.userId, userId)))
    .returning({ id: photos.id })
  if (deleted.length === 0) throw new NotFoundError('Photo not found')
  const [next] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), ne(photos.id, photoId), approvedPhoto))
    .orderBy(asc(photos.createdAt))
    .limit(1)
  await db
    .update(profiles)
    .set({ photoId: next?.id ?? null })
    .where(and(eq(profiles.userId, userId), eq(profiles.photoId, photoId)))
  await deletePhotoFiles(uploadsDir, photoId)
}

/** Every rendition of one photo; a file already gone is not an error. */
export async function deletePhotoFiles(uploadsDir: string, photoId: string) {
  await Promise.all([...PHOTO_SIZES, ...LEGACY_SIZES].map((size) => rm(photoFilePath(uploadsDir, photoId, size), { force: true })))
}

export async function setMainPhoto(db: Database, userId: string, photoId: string) {
  const [owned] = await db
    .select({ id: photos.id, reviewStatus: photos.reviewStatus })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.userId, userId)))
  if (!owned) throw new NotFoundError('Photo not found')
  if (owned.reviewStatus !== 'approved') throw new InvalidInputError(NOT_YET_APPROVED)
  await db.update(profiles).set({ photoId }).where(eq(profiles.userId, userId))
}
