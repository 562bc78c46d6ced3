import { integer, text } from 'drizzle-orm/sqlite-core'
import { randomId } from '#db/ids.ts'

export const id = () => text('id').primaryKey().$defaultFn(randomId)
export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())
export const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date())
