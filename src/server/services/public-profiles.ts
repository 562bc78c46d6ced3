import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { conversations, interests, likes, matches, photos, profiles, users } from '#db/schema/index.ts'
import type { DistanceBucket } from '#shared/content/distance.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import { distanceBucket, milesBetween } from './distance.ts'
import { memberNotFound, orderedPair, requireVisibleMember } from './members.ts'
import { photoUrl } from './photo-urls.ts'
import { approvedPhoto } from './photos.ts'
import { placeLabel } from './profile.ts'
import { promptsOf } from './prompts.ts'
import { churchVouchedSql } from './vouches.ts'

/**
 * Another member's profile as a member sees it: photos, faith details and where the two stand. Never
 * the email, last name, birth date, coordinates or an exact distance. Paused, blocked (either way)
 * and same-gender members are NOT_FOUND; a member may view their own (the profile preview).
 */
export async function publicProfile(db: Database, viewerId: string, userId: string, today = new Date()) {
  if (userId !== viewerId) await requireVisibleMember(db, viewerId, userId)
  const [row] = await db
    .select({
      id: profiles.id,
      userId: users.id,
      firstName: users.firstName,
      birthDate: profiles.birthDate,
      city: profiles.city,
      state: profiles.state,
      country: profiles.country,
      latitude: profiles.latitude,
      longitude: profiles.longitude,
      denomination: profiles.denomination,
      isSabbathKeeper: profiles.isSabbathKeeper,
      faithJourney: profiles.faithJourney,
      spiritualGifts: profiles.spiritualGifts,
      churchName: profiles.churchName,
      bio: profiles.bio,
      isVerified: profiles.isVerified,
      isChurchVouched: churchVouchedSql(users.id),
      photoId: profiles.photoId,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  if (!row) throw memberNotFound()

  const [low, high] = orderedPair(viewerId, userId)
  const [memberPhotos, prompts, [viewer], [relation]] = await Promise.all([
    db
      .select({ id: photos.id, isIllustration: photos.isIllustration })
      .from(photos)
      .where(and(eq(photos.userId, userId), approvedPhoto))
      .orderBy(asc(photos.createdAt)),
    promptsOf(db, userId),
    db
      .select({ latitude: profiles.latitude, longitude: profiles.longitude, state: profiles.state, country: profiles.country })
      .from(profiles)
      .where(eq(profiles.userId, viewerId)),
    db
      .select({
        liked: sql<number>`exists (select 1 from ${likes} where ${likes.senderId} = ${viewerId} and ${likes.receiverId} = ${userId})`,
        interestSent: sql<number>`exists (select 1 from ${interests} where ${interests.senderId} = ${viewerId} and ${interests.receiverId} = ${userId})`,
        matchId: matches.id,
        conversationId: conversations.id,
      })
      .from(sql`(select 1)`)
      .leftJoin(matches, and(eq(matches.userLowId, low), eq(matches.userHighId, high), isNull(matches.endedAt)))
      .leftJoin(conversations, eq(conversations.matchId, matches.id)),
  ])

  let distance: DistanceBucket | null = null
  if (userId !== viewerId && viewer?.latitude != null && viewer.longitude != null && row.latitude !== null && row.longitude !== null) {
    const sameState = viewer.country === row.country && viewer.state === row.state
    distance = distanceBucket(
      milesBetween(viewer as { latitude: number; longitude: number }, row as { latitude: number; longitude: number }),
      sameState,
    )
  }
  // The main photo first, then the others in the order they were added.
  const ordered = [...memberPhotos].sort((a, b) => Number(b.id === row.photoId) - Number(a.id === row.photoId))
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    age: row.birthDate ? ageOn(row.birthDate, today) : null,
    city: row.city,
    location: row.city && row.state && row.country ? placeLabel(row.city, row.state, row.country) : null,
    distance,
    denomination: row.denomination,
    isSabbathKeeper: row.isSabbathKeeper,
    faithJourney: row.faithJourney,
    spiritualGifts: row.spiritualGifts,
    churchName: row.churchName,
    bio: row.bio,
    isVerified: row.isVerified,
    isChurchVouched: Boolean(row.isChurchVouched),
    profileImageUrl: row.photoId ? photoUrl(row.photoId) : null,
    // An illustration (a demo member's drawn portrait) is labelled as one wherever it is shown large.
    photos: ordered.map((photo) => ({ id: photo.id, url: photoUrl(photo.id), isIllustration: photo.isIllustration })),
    prompts,
    relationship: {
      liked: Boolean(relation?.liked),
      interestSent: Boolean(relation?.interestSent),
      matchId: relation?.matchId ?? null,
      conversationId: relation?.conversationId ?? null,
    },
  }
}
