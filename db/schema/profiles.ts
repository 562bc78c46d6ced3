import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { profilePromptIds } from '#shared/content/profile-prompts.ts'
import { faithJourneys, genders } from '#shared/schemas/profile-options.ts'
import { type SabbathPreference, sabbathPreferenceValues } from '#shared/schemas/seeking.ts'
import { createdAt, id, updatedAt } from './columns.ts'
import { users } from './users.ts'

export const profiles = sqliteTable(
  'profiles',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    gender: text('gender', { enum: genders }),
    birthDate: text('birth_date'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    /** Snapped to the city's centre from the gazetteer: never a member's own position. */
    latitude: real('latitude'),
    longitude: real('longitude'),
    denomination: text('denomination'),
    isSabbathKeeper: integer('is_sabbath_keeper', { mode: 'boolean' }).notNull().default(false),
    bio: text('bio').notNull().default(''),
    faithJourney: text('faith_journey', { enum: faithJourneys }),
    spiritualGifts: text('spiritual_gifts').notNull().default(''),
    churchName: text('church_name').notNull().default(''),
    isVerified: integer('is_verified', { mode: 'boolean' }).notNull().default(false),
    photoId: text('photo_id'),
    // Whom the member hopes to meet (#shared/schemas/seeking.ts); null or empty means no preference.
    seekingAgeMin: integer('seeking_age_min'),
    seekingAgeMax: integer('seeking_age_max'),
    seekingMaxMiles: integer('seeking_max_miles'),
    seekingDenominations: text('seeking_denominations', { mode: 'json' }).$type<string[]>().notNull().default([]),
    seekingSabbath: text('seeking_sabbath', { enum: sabbathPreferenceValues }).$type<SabbathPreference>().notNull().default('any'),
    /** Which preferences are dealbreakers, as bits (#shared/schemas/seeking.ts). */
    dealbreakers: integer('dealbreakers').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('profiles_discover_idx').on(t.gender, t.birthDate),
    index('profiles_place_idx').on(t.country, t.state),
    index('profiles_latitude_idx').on(t.latitude),
    // Discover's nearby-first reads: a gender and a latitude band (longitude and age checked in the
    // index), or a gender and a state; both also count the pool without touching the table.
    index('profiles_geo_idx').on(t.gender, t.latitude, t.longitude, t.birthDate),
    index('profiles_state_idx').on(t.gender, t.country, t.state, t.birthDate),
  ],
)

export const photoReviewStatuses = ['approved', 'pending', 'rejected'] as const

export const photos = sqliteTable(
  'photos',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A demo member's generated portrait, labelled as an illustration wherever it is shown large. */
    isIllustration: integer('is_illustration', { mode: 'boolean' }).notNull().default(false),
    /** With PHOTO_REVIEW=1 a new photo waits as `pending` and only its owner sees it until approved. */
    reviewStatus: text('review_status', { enum: photoReviewStatuses }).notNull().default('approved'),
    createdAt: createdAt(),
  },
  (t) => [index('photos_user_idx').on(t.userId)],
)

/** Up to three answered prompts on a profile, in the member's order. */
export const profilePrompts = sqliteTable(
  'profile_prompts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promptId: text('prompt_id', { enum: profilePromptIds }).notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.promptId] })],
)

export type Profile = typeof profiles.$inferSelect
