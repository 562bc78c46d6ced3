import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { randomId } from '#db/ids.ts'
import { InvalidInputError, TooLargeError } from '#server/errors.ts'
import { type DocumentContentType, MAX_DOCUMENT_BYTES } from '#shared/content/verification.ts'

export const DOCUMENT_REJECTED = 'Please upload a PDF, JPEG, PNG or WebP file.'
const DOCUMENT_TOO_LARGE = 'Please upload a file under 10 MB.'
/** Refuses decompression bombs (a small file claiming a huge canvas) before decoding. */
const MAX_INPUT_PIXELS = 40_000_000
const DOCUMENT_ID = /^[A-Za-z0-9_-]{16,64}$/

export function verificationDir(uploadsDir: string) {
  return join(uploadsDir, 'verification')
}

/** Null for anything that is not a document id we could have made: the path never leaves the folder. */
export function documentPath(uploadsDir: string, documentId: string): string | null {
  return DOCUMENT_ID.test(documentId) ? join(verificationDir(uploadsDir), documentId) : null
}

export function documentUrl(documentId: string): string {
  return `/uploads/verification/${documentId}`
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte)

/** The type by the file's first bytes (never its name or declared type). */
export function sniffDocument(bytes: Uint8Array): DocumentContentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf' // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp' // RIFF....WEBP
  return null
}

/** Images are decoded and re-encoded in their own format, which drops EXIF (GPS) and anything smuggled after the pixels. */
async function reencode(bytes: Uint8Array, type: Exclude<DocumentContentType, 'application/pdf'>): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate()
    if (type === 'image/jpeg') return await image.jpeg({ quality: 90 }).toBuffer()
    if (type === 'image/png') return await image.png().toBuffer()
    return await image.webp({ quality: 90 }).toBuffer()
  } catch {
    throw new InvalidInputError(DOCUMENT_REJECTED)
  }
}

/** Checks the file by size and content, then stores it under a random name outside the public client. */
export async function storeDocument(uploadsDir: string, bytes: Uint8Array) {
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new TooLargeError(DOCUMENT_TOO_LARGE)
  const documentType = sniffDocument(bytes)
  if (!documentType) throw new InvalidInputError(DOCUMENT_REJECTED)
  const content = documentType === 'application/pdf' ? bytes : await reencode(bytes, documentType)
  const documentId = randomId()
  await mkdir(verificationDir(uploadsDir), { recursive: true })
  await writeFile(join(verificationDir(uploadsDir), documentId), content, { mode: 0o600 })
  return { documentId, documentType }
}

export async function deleteDocument(uploadsDir: string, documentId: string) {
  const path = documentPath(uploadsDir, documentId)
  if (path) await rm(path, { force: true })
}
