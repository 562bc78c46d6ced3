import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { eventTypes, rsvpStatuses } from '#shared/schemas/events.ts'
import { createdAt, id, updatedAt } from './columns.ts'
import { users } from './users.ts'

/**
 * Community events. Times are instants (ms); `timeZone` is the organizer's zone, in which the form's
 * wall-clock times were entered. Seeded events are hosted by a church (`hostName`) rather than a member.
 */
export const events = sqliteTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    eventType: text('event_type', { enum: eventTypes }).notNull(),
    churchName: text('church_name').notNull(),
    location: text('location').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    timeZone: text('time_zone').notNull(),
    maxAttendees: integer('max_attendees').notNull(),
    isSabbathEvent: integer('is_sabbath_event', { mode: 'boolean' }).notNull().default(false),
    denominationSpecific: text('denomination_specific'),
    organizerId: text('organizer_id').references(() => users.id, { onDelete: 'cascade' }),
    hostName: text('host_name'),
    /** Seen and joined only by members of the income-verified circle (Millionaire's Faith and up). */
    circleOnly: integer('circle_only', { mode: 'boolean' }).notNull().default(false),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('events_ends_at_idx').on(t.endsAt), index('events_organizer_idx').on(t.organizerId)],
)

/** One choice per member and event; switching replaces it, withdrawing deletes it. */
export const eventRsvps = sqliteTable(
  'event_rsvps',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: rsvpStatuses }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    // Seats taken and the first attendees' avatars, per event.
    index('event_rsvps_event_status_idx').on(t.eventId, t.status, t.updatedAt),
    index('event_rsvps_user_idx').on(t.userId, t.status),
  ],
)

export type Event = typeof events.$inferSelect
