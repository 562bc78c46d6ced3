import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { faithJourneys, genders } from '#shared/schemas/profile-options.ts'
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

export const photos = sqliteTable(
  'photos',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('photos_user_idx').on(t.userId)],
)

export type Profile = typeof profiles.$inferSelect
