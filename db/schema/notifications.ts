import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import type { SabbathProgram } from '#shared/schemas/sabbath.ts'
import { createdAt, id } from './columns.ts'
import { users } from './users.ts'

export const notificationTypes = [
  'like_received',
  'interest_received',
  'match',
  'event_rsvp',
  'event_cancelled',
  'verification_decision',
  'achievement_earned',
  'reminder',
  'report_outcome',
  /** A moderator's warning, with its reason. */
  'moderation_warning',
  /** The pastor named in a faith verification confirmed or declined it. */
  'vouch_decision',
] as const
export type NotificationType = (typeof notificationTypes)[number]

/** Ids only: names and photos are read when listed, so a deleted or renamed member is never stale. */
export interface NotificationPayload {
  interestId?: string
  matchId?: string
  conversationId?: string
  /** A community event or a Sabbath gathering, by id. */
  eventId?: string
  sabbathEventId?: string
  /** A weekly Sabbath program (Vespers) and the occurrence reminded of (ms). */
  program?: SabbathProgram
  startsAt?: number
  rsvpStatus?: string
  verificationId?: string
  /** The moderator's decision as it was made: the record itself may be resubmitted and decided again since. */
  verificationStatus?: 'verified' | 'rejected'
  achievementId?: string
  reportId?: string
  /** A moderator's words to the member (a warning's reason). */
  reason?: string
  vouchDecision?: 'confirmed' | 'declined' | 'revoked'
}

/**
 * What happened to a member while away. `actorId` is the other member; deleting either account
 * deletes the row.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    payload: text('payload', { mode: 'json' }).$type<NotificationPayload>().notNull(),
    createdAt: createdAt(),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_actor_idx').on(t.actorId),
    // The bell's count: unread rows of one member.
    index('notifications_user_unread_idx').on(t.userId, t.readAt),
  ],
)
