/**
 * Every member photo is stored as these 4:5 portrait renditions, each a WebP named
 * `/uploads/photos/<id>-<size>.webp`. A rendition is never larger than the photo it came from, so a
 * small upload's `large` may be no bigger than its `card`.
 */
export const PHOTO_RENDITIONS = {
  small: { width: 360, height: 450 },
  card: { width: 720, height: 900 },
  large: { width: 1080, height: 1350 },
} as const

export type PhotoSize = keyof typeof PHOTO_RENDITIONS

export const PHOTO_SIZES = Object.keys(PHOTO_RENDITIONS) as PhotoSize[]

const PHOTO_PATH = /^\/uploads\/photos\/([A-Za-z0-9_-]{10,64})-(small|card|large)\.webp$/

export function photoUrl(photoId: string, size: PhotoSize = 'card'): string {
  return `/uploads/photos/${photoId}-${size}.webp`
}

/** The photo id and rendition a member photo's URL names; null for any other path. */
export function parsePhotoUrl(url: string): { photoId: string; size: PhotoSize } | null {
  const match = PHOTO_PATH.exec(url)
  return match ? { photoId: match[1]!, size: match[2] as PhotoSize } : null
}

/** Every rendition of a member photo for an `<img srcset>`; undefined for any other image. */
export function photoSrcSet(url: string): string | undefined {
  const photo = parsePhotoUrl(url)
  if (!photo) return undefined
  return PHOTO_SIZES.map((size) => `${photoUrl(photo.photoId, size)} ${PHOTO_RENDITIONS[size].width}w`).join(', ')
}
