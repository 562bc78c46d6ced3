import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { moderationActions, photos, users } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { photoVisibleTo } from '#server/services/photo-review.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { jpegWithGps } from '#tests/support/images.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, refusal } from '#tests/support/members.ts'

let h: Harness
afterEach(() => h.close())

async function setUp(photoReview: '0' | '1') {
  h = await contractHarness({ ...MANY_MEMBERS, PHOTO_REVIEW: photoReview })
  const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
  const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
  const moderator = await h.member({ firstName: 'Deborah' })
  await h.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.user.id))
  return { ruth, boaz, moderator }
}

async function upload(member: Member, width = 96) {
  const profile = await member.api.profile.addPhoto({ image: await jpegWithGps(width, 72) })
  return profile.photos.at(-1)!
}

/** Ruth as Boaz sees her: her Discover card and her profile dialog. */
async function ruthSeenBy(boaz: Member, ruthId: string) {
  const feed = await boaz.api.members.discover({})
  const card = feed.profiles.find((profile) => profile.userId === ruthId)
  const profile = await boaz.api.members.byId({ userId: ruthId })
  return { cardImage: card?.user.profileImageUrl, profileImage: profile.profileImageUrl, photos: profile.photos.map((photo) => photo.id) }
}

async function auditRows(photoId: string) {
  return h.db
    .select({
      action: moderationActions.action,
      moderatorId: moderationActions.moderatorId,
      targetId: moderationActions.targetId,
      reason: moderationActions.reason,
    })
    .from(moderationActions)
    .where(eq(moderationActions.subjectId, photoId))
}

describe('photo review on (PHOTO_REVIEW=1)', () => {
  it('keeps a new photo from other members until a moderator approves it; its owner sees it in review', async () => {
    const { ruth, boaz, moderator } = await setUp('1')
    const photo = await upload(ruth)
    expect(photo.reviewStatus).toBe('pending')

    const own = await ruth.api.profile.get()
    expect(own.photos).toEqual([expect.objectContaining({ id: photo.id, reviewStatus: 'pending', isMain: false })])
    expect(await photoVisibleTo(h.db, ruth.user.id, photo.id)).toBe(true)

    expect(await ruthSeenBy(boaz, ruth.user.id)).toEqual({ cardImage: null, profileImage: null, photos: [] })
    expect(await photoVisibleTo(h.db, boaz.user.id, photo.id)).toBe(false)
    expect(await photoVisibleTo(h.db, moderator.user.id, photo.id)).toBe(true)
    // Nor can Ruth make it her main photo early, which would show it everywhere she is listed.
    expect(publicErrorMessage(await refusal(ruth.api.profile.setMainPhoto({ photoId: photo.id })))).toBe(
      'This photo can be your main photo once a moderator has approved it.',
    )
    // A like cannot be about a photo Boaz cannot see.
    expect(
      (
        await refusal(
          boaz.api.likes.create({ receiverId: ruth.user.id, note: 'What a lovely smile', about: { kind: 'photo', photoId: photo.id } }),
        )
      ).code,
    ).toBe('BAD_REQUEST')

    const queue = await moderator.api.moderation.photoQueue()
    expect(queue).toEqual([
      expect.objectContaining({
        photoId: photo.id,
        memberId: ruth.user.id,
        firstName: 'Ruth',
        url: `/uploads/photos/${photo.id}-large.webp`,
      }),
    ])

    await moderator.api.moderation.reviewPhoto({ photoId: photo.id, decision: 'approve' })

    const url = `/uploads/photos/${photo.id}-card.webp`
    expect(await ruthSeenBy(boaz, ruth.user.id)).toEqual({ cardImage: url, profileImage: url, photos: [photo.id] })
    expect(await photoVisibleTo(h.db, boaz.user.id, photo.id)).toBe(true)
    expect((await ruth.api.profile.get()).photos).toEqual([
      expect.objectContaining({ id: photo.id, reviewStatus: 'approved', isMain: true }),
    ])
    expect(await moderator.api.moderation.photoQueue()).toEqual([])
    expect(await auditRows(photo.id)).toEqual([
      { action: 'approve_photo', moderatorId: moderator.user.id, targetId: ruth.user.id, reason: '' },
    ])
  })

  it('a second photo waiting for review leaves the approved main photo as it is', async () => {
    const { ruth, boaz, moderator } = await setUp('1')
    const first = await upload(ruth)
    await moderator.api.moderation.reviewPhoto({ photoId: first.id, decision: 'approve' })
    const second = await upload(ruth, 120)

    const seen = await ruthSeenBy(boaz, ruth.user.id)
    expect(seen.photos).toEqual([first.id])
    expect(seen.profileImage).toBe(`/uploads/photos/${first.id}-card.webp`)
    expect(await photoVisibleTo(h.db, boaz.user.id, second.id)).toBe(false)
    // When the approved photo goes, the one in review does not take its place.
    await ruth.api.profile.removePhoto({ photoId: first.id })
    expect(await ruthSeenBy(boaz, ruth.user.id)).toEqual({ cardImage: null, profileImage: null, photos: [] })
  })

  it('a rejected photo stays hidden from others, never becomes main, and the decision is in the audit log with its reason', async () => {
    const { ruth, boaz, moderator } = await setUp('1')
    const photo = await upload(ruth)

    const missingReason = await refusal(moderator.api.moderation.reviewPhoto({ photoId: photo.id, decision: 'reject' }))
    expect(missingReason.code).toBe('BAD_REQUEST')

    await moderator.api.moderation.reviewPhoto({ photoId: photo.id, decision: 'reject', reason: 'Not a photo of the member' })

    expect(await ruthSeenBy(boaz, ruth.user.id)).toEqual({ cardImage: null, profileImage: null, photos: [] })
    expect(await photoVisibleTo(h.db, boaz.user.id, photo.id)).toBe(false)
    expect((await ruth.api.profile.get()).photos).toEqual([
      expect.objectContaining({ id: photo.id, reviewStatus: 'rejected', isMain: false }),
    ])
    expect((await refusal(ruth.api.profile.setMainPhoto({ photoId: photo.id }))).code).toBe('BAD_REQUEST')
    expect(await moderator.api.moderation.photoQueue()).toEqual([])
    expect(await auditRows(photo.id)).toEqual([
      { action: 'reject_photo', moderatorId: moderator.user.id, targetId: ruth.user.id, reason: 'Not a photo of the member' },
    ])

    // Decided once: a second decision on the same photo is refused and logs nothing.
    const again = await refusal(moderator.api.moderation.reviewPhoto({ photoId: photo.id, decision: 'approve' }))
    expect(again.code).toBe('NOT_FOUND')
    expect(await auditRows(photo.id)).toHaveLength(1)
  })

  it('refuses the queue and decisions to members who are not moderators, and to visitors', async () => {
    const { ruth, boaz } = await setUp('1')
    const photo = await upload(ruth)
    for (const member of [ruth, boaz]) {
      expect((await refusal(member.api.moderation.photoQueue())).code).toBe('FORBIDDEN')
      expect((await refusal(member.api.moderation.reviewPhoto({ photoId: photo.id, decision: 'approve' }))).code).toBe('FORBIDDEN')
    }
    const visitor = h.caller().api
    expect((await refusal(visitor.moderation.photoQueue())).code).toBe('UNAUTHORIZED')
    expect((await refusal(visitor.moderation.reviewPhoto({ photoId: photo.id, decision: 'approve' }))).code).toBe('UNAUTHORIZED')
    const [stored] = await h.db.select({ reviewStatus: photos.reviewStatus }).from(photos).where(eq(photos.id, photo.id))
    expect(stored?.reviewStatus).toBe('pending')
    expect(await auditRows(photo.id)).toEqual([])
  })
})

describe('photo review off (the default)', () => {
  it('shows a new photo to other members at once and queues nothing', async () => {
    const { ruth, boaz, moderator } = await setUp('0')
    const photo = await upload(ruth)
    expect(photo).toEqual(expect.objectContaining({ reviewStatus: 'approved', isMain: true }))
    const url = `/uploads/photos/${photo.id}-card.webp`
    expect(await ruthSeenBy(boaz, ruth.user.id)).toEqual({ cardImage: url, profileImage: url, photos: [photo.id] })
    expect(await photoVisibleTo(h.db, boaz.user.id, photo.id)).toBe(true)
    expect(await moderator.api.moderation.photoQueue()).toEqual([])
  })
})
