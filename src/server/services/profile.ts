import { asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '#db/client.ts'
import { photos, profiles, users } from '#db/schema/index.ts'
import { InvalidInputError, NotFoundError } from '#server/errors.ts'
import { ageOn, type UpdateProfileInput } from '#shared/schemas/profile.ts'
import { photoUrl } from './photo-urls.ts'
import { countryName, findPlace, stateName } from './places.ts'

type ProfileChanges = z.output<typeof UpdateProfileInput>

const PLACE_NOT_FOUND = "We couldn't find that city. Please check the spelling, state and country."

/** The member's own profile, everything they can edit plus what we derive from it. */
export async function ownProfile(db: Database, userId: string, today = new Date()) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      gender: profiles.gender,
      birthDate: profiles.birthDate,
      city: profiles.city,
      state: profiles.state,
      country: profiles.country,
      hasCoordinates: profiles.latitude,
      denomination: profiles.denomination,
      isSabbathKeeper: profiles.isSabbathKeeper,
      faithJourney: profiles.faithJourney,
      churchName: profiles.churchName,
      spiritualGifts: profiles.spiritualGifts,
      bio: profiles.bio,
      isVerified: profiles.isVerified,
      photoId: profiles.photoId,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  if (!row) throw new NotFoundError('Profile not found')
  const memberPhotos = await db
    .select({ id: photos.id, reviewStatus: photos.reviewStatus })
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.createdAt))
  const { hasCoordinates, photoId, ...profile } = row
  return {
    ...profile,
    age: profile.birthDate ? ageOn(profile.birthDate, today) : null,
    location: profile.city && profile.state && profile.country ? placeLabel(profile.city, profile.state, profile.country) : null,
    // Under photo review only the owner sees a photo that is `pending` (or was `rejected`), labelled as such.
    photos: memberPhotos.map((photo) => ({
      id: photo.id,
      url: photoUrl(photo.id),
      isMain: photo.id === photoId,
      reviewStatus: photo.reviewStatus,
    })),
    profileImageUrl: photoId ? photoUrl(photoId) : null,
    isComplete: Boolean(profile.gender && profile.birthDate && hasCoordinates !== null),
  }
}

/** "Nashville, Tennessee" at home, "Toronto, Canada" abroad: what cards and the profile show. */
export function placeLabel(city: string, state: string, country: string): string {
  return country === 'US' ? `${city}, ${stateName(country, state)}` : `${city}, ${countryName(country)}`
}

export async function updateProfile(db: Database, userId: string, changes: ProfileChanges) {
  const { firstName, lastName, city, state, country, ...profileChanges } = changes
  const placeChanges = await resolvePlace(db, userId, { city, state, country })
  const values = { ...profileChanges, ...placeChanges }
  await db.batch([
    db.update(users).set({ firstName, lastName, updatedAt: new Date() }).where(eq(users.id, userId)),
    db
      .update(profiles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(profiles.userId, userId)),
  ])
}

/** A changed place is looked up as a whole (city within state within country) and snapped to the city centre. */
async function resolvePlace(db: Database, userId: string, changes: { city?: string; state?: string; country?: string }) {
  if (changes.city === undefined && changes.state === undefined && changes.country === undefined) return {}
  const [current] = await db
    .select({ city: profiles.city, state: profiles.state, country: profiles.country })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  const country = changes.country ?? current?.country
  const state = changes.state ?? current?.state
  const city = changes.city ?? current?.city
  // A place saved under an earlier gazetteer stays as it is until the member changes it.
  if (current && country === current.country && state === current.state && city === current.city) return {}
  const place = country && state && city ? findPlace(country, state, city) : null
  if (!place) throw new InvalidInputError(PLACE_NOT_FOUND)
  return place
}
