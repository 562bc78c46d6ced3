import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { sabbathEventTypes, sabbathPrograms, sabbathResourceTypes } from '#shared/schemas/sabbath.ts'
import { createdAt, id } from './columns.ts'
import { users } from './users.ts'

/** Weekly gatherings: each repeats at `firstStartsAt`'s weekday and wall-clock time in `hostTimeZone`. */
export const sabbathEvents = sqliteTable('sabbath_events', {
  id: id(),
  title: text('title').notNull(),
  type: text('type', { enum: sabbathEventTypes }).notNull(),
  description: text('description').notNull(),
  firstStartsAt: integer('first_starts_at', { mode: 'timestamp_ms' }).notNull(),
  hostTimeZone: text('host_time_zone').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  isOnline: integer('is_online', { mode: 'boolean' }).notNull(),
  /** Where an online gathering meets; given only to members who signed up. */
  meetingUrl: text('meeting_url'),
  createdAt: createdAt(),
})

export const sabbathSignupKinds = ['attend', 'remind'] as const

/** A member attending an event, or asking to be reminded of it: one row per choice, deleted to undo. */
export const sabbathEventSignups = sqliteTable(
  'sabbath_event_signups',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => sabbathEvents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: sabbathSignupKinds }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId, t.kind] }), index('sabbath_event_signups_user_idx').on(t.userId)],
)

/** The Worship and Bible Study tabs' standing programs (fixed keys, not rows) a member signed up for. */
export const sabbathProgramSignups = sqliteTable(
  'sabbath_program_signups',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    program: text('program', { enum: sabbathPrograms }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.program] })],
)

/** Free guides; `fileName` names a file in src/server/content/sabbath-resources. */
export const sabbathResources = sqliteTable('sabbath_resources', {
  id: id(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  type: text('type', { enum: sabbathResourceTypes }).notNull(),
  fileName: text('file_name').notNull().unique(),
  position: integer('position').notNull(),
  createdAt: createdAt(),
})

/** One row per member and guide: the shown count is how many members downloaded it, not how many clicks. */
export const sabbathResourceDownloads = sqliteTable(
  'sabbath_resource_downloads',
  {
    resourceId: text('resource_id')
      .notNull()
      .references(() => sabbathResources.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.userId] }), index('sabbath_resource_downloads_user_idx').on(t.userId)],
)
