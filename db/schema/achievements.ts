import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './users.ts'

/** Badges earned; the key makes each award happen exactly once. Points are copied at award time. */
export const userAchievements = sqliteTable(
  'user_achievements',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id').notNull(),
    points: integer('points').notNull(),
    achievedAt: integer('achieved_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the member was told (a toast); null until then. */
    seenAt: integer('seen_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] }), index('user_achievements_achieved_idx').on(t.achievedAt)],
)

/** Activities no other table records (an interview completed, say), counted per member. */
export const memberActivities = sqliteTable(
  'member_activities',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activity: text('activity').notNull(),
    count: integer('count').notNull().default(0),
    lastAt: integer('last_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activity] })],
)

/** The UTC days a member did something: streaks and seasonal badges are read from them. */
export const memberActiveDays = sqliteTable(
  'member_active_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD (UTC) */
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)
