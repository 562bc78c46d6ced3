import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { interestTypeValues, timePreferenceValues } from '#shared/content/interest-types.ts'
import type { InterestAbout } from '#shared/schemas/interests.ts'
import { createdAt, id } from './columns.ts'
import { users } from './users.ts'

/** A Thoughtful Interest: a like with a personal message. One per pair of members. */
export const interests = sqliteTable(
  'interests',
  {
    id: id(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    interestType: text('interest_type', { enum: interestTypeValues }).notNull(),
    message: text('message').notNull(),
    suggestedActivity: text('suggested_activity'),
    timePreference: text('time_preference', { enum: timePreferenceValues }),
    /** What on the receiver's profile a like with a note answers: a prompt (its words kept as they were) or a photo. */
    about: text('about', { mode: 'json' }).$type<InterestAbout>(),
    /** The scam guard's signals on the message, which its sender confirmed; null when it met none. */
    scamSignals: text('scam_signals', { mode: 'json' }).$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('interests_pair_unique').on(t.senderId, t.receiverId), index('interests_receiver_idx').on(t.receiverId)],
)
