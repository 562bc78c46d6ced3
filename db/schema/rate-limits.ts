import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** Fixed-window counters kept in the database so every app process shares them. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
})
