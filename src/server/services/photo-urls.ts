// Member photos are served behind a session check; the id is random, the size a fixed rendition.
export { photoUrl } from '#shared/logic/photo-renditions.ts'
