import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { photos, profiles } from '#db/schema/index.ts'
import { InvalidInputError, NotFoundError } from '#server/errors.ts'
import type { PhotoSize } from './photo-urls.ts'

export const MAX_PHOTOS_PER_MEMBER = 6
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
/** Refuses decompression bombs (a small file claiming a huge canvas) before decoding. */
const MAX_INPUT_PIXELS = 40_000_000
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif'])

const RENDITIONS: Record<PhotoSize, { width: number; height: number }> = {
  card: { width: 720, height: 900 },
  thumb: { width: 160, height: 160 },
}

const PHOTO_REJECTED = 'Please upload a JPEG, PNG, WebP or HEIC photo.'
const PHOTO_CAP_REACHED = `You can keep up to ${MAX_PHOTOS_PER_MEMBER} photos. Remove one first.`

export function photosDir(uploadsDir: string) {
  return join(uploadsDir, 'photos')
}

export function photoFilePath(uploadsDir: string, photoId: string, size: PhotoSize) {
  return join(photosDir(uploadsDir), `${photoId}-${size}.webp`)
}

/**
 * Decodes by content (never by name), re-encodes to WebP without metadata, and keeps only our
 * renditions. The cap is checked again by the insert itself (`INSERT … SELECT … WHERE count < cap`),
 * so uploads racing each other cannot store a seventh photo; a refused upload's files are removed.
 */
export async function addPhoto(db: Database, uploadsDir: string, userId: string, bytes: Uint8Array) {
  // Refuse a member who is already full before spending time on decoding.
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(photos).where(eq(photos.userId, userId))
  if (total >= MAX_PHOTOS_PER_MEMBER) throw new InvalidInputError(PHOTO_CAP_REACHED)
  const renditions = await renderPhoto(bytes)
  const id = randomId()
  await mkdir(photosDir(uploadsDir), { recursive: true })
  for (const [size, data] of Object.entries(renditions)) {
    await writeFile(photoFilePath(uploadsDir, id, size as PhotoSize), data)
  }
  const removeFiles = () => deletePhotoFiles(uploadsDir, id)
  const [, , stored] = await db
    .batch([
      db.run(sql`insert into ${photos} (id, user_id, width, height, created_at)
        select ${id}, ${userId}, ${RENDITIONS.card.width}, ${RENDITIONS.card.height}, ${Date.now()}
        where (select count(*) from ${photos} where user_id = ${userId}) < ${MAX_PHOTOS_PER_MEMBER}`),
      db
        .update(profiles)
        .set({ photoId: id })
        .where(and(eq(profiles.userId, userId), isNull(profiles.photoId), sql`exists (select 1 from ${photos} where id = ${id})`)),
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

async function renderPhoto(bytes: Uint8Array): Promise<Record<PhotoSize, Buffer>> {
  let format: string | undefined
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format
  } catch {
    throw new InvalidInputError(PHOTO_REJECTED)
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new InvalidInputError(PHOTO_REJECTED)
  try {
    const render = (size: PhotoSize) =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ ...RENDITIONS[size], fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer()
    return { card: await render('card'), thumb: await render('thumb') }
  } catch {
    throw new InvalidInputError(PHOTO_REJECTED)
  }
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
    .where(and(eq(photos.userId, userId), ne(photos.id, photoId)))
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
  await Promise.all((Object.keys(RENDITIONS) as PhotoSize[]).map((size) => rm(photoFilePath(uploadsDir, photoId, size), { force: true })))
}

export async function setMainPhoto(db: Database, userId: string, photoId: string) {
  const [owned] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.userId, userId)))
  if (!owned) throw new NotFoundError('Photo not found')
  await db.update(profiles).set({ photoId }).where(eq(profiles.userId, userId))
}
