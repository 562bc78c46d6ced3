export type PhotoSize = 'card' | 'thumb'

/** Member photos are served behind a session check; the id is random, the size a fixed rendition. */
export function photoUrl(photoId: string, size: PhotoSize = 'card'): string {
  return `/uploads/photos/${photoId}-${size}.webp`
}
