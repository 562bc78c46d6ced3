import { and, asc, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { moderationActions, photos, profiles, users } from '#db/schema/index.ts'
import { NotFoundError } from '#server/errors.ts'
import type { ReviewPhotoInput } from '#shared/schemas/photo-review.ts'
import { photoUrl } from './photo-urls.ts'
import { isModerator } from './verification.ts'

const NOT_WAITING = 'This photo is no longer waiting for review.'

/** Photos waiting for a moderator (PHOTO_REVIEW=1), oldest first, with whose they are. */
export async function photoQueue(db: Database) {
  const rows = await db
    .select({
      photoId: photos.id,
      uploadedAt: photos.createdAt,
      memberId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(eq(photos.reviewStatus, 'pending'))
    .orderBy(asc(photos.createdAt), asc(photos.id))
  return rows.map((row) => ({ ...row, url: photoUrl(row.photoId, 'large') }))
}

/**
 * Approving shows the photo to other members (and makes it the main photo of a member who has none);
 * rejecting keeps it from them for good: it never becomes a main photo, and its owner sees it marked
 * as not approved until they remove it. Either way the decision and its reason go to the audit log.
 */
export async function reviewPhoto(db: Database, moderatorId: string, input: z.output<typeof ReviewPhotoInput>) {
  const status = input.decision === 'approve' ? 'approved' : 'rejected'
  const [photo] = await db
    .update(photos)
    .set({ reviewStatus: status })
    .where(and(eq(photos.id, input.photoId), eq(photos.reviewStatus, 'pending')))
    .returning({ userId: photos.userId })
  if (!photo) throw new NotFoundError(NOT_WAITING)
  const action = db.insert(moderationActions).values({
    id: randomId(),
    moderatorId,
    targetId: photo.userId,
    action: input.decision === 'approve' ? 'approve_photo' : 'reject_photo',
    reason: input.reason,
    subjectId: input.photoId,
  })
  if (status === 'approved') {
    await db.batch([
      action,
      db
        .update(profiles)
        .set({ photoId: input.photoId })
        .where(and(eq(profiles.userId, photo.userId), isNull(profiles.photoId))),
    ])
  } else {
    await action
  }
  return { photoId: input.photoId, reviewStatus: status }
}

/** Whether a photo's file may be served to this member: an approved one to any member, any other only to its owner and moderators. */
export async function photoVisibleTo(db: Database, viewerId: string, photoId: string) {
  const [photo] = await db.select({ userId: photos.userId, reviewStatus: photos.reviewStatus }).from(photos).where(eq(photos.id, photoId))
  if (!photo) return false
  if (photo.reviewStatus === 'approved' || photo.userId === viewerId) return true
  return isModerator(db, viewerId)
}
