import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Client, createClient } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import * as schema from '#db/schema/index.ts'

export type Database = ReturnType<typeof drizzle<typeof schema>>

export interface DatabaseHandle {
  db: Database
  client: Client
  close(): void
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

/** Writers wait this long for a lock before failing (each pooled connection gets it). */
const BUSY_TIMEOUT_MS = 5000

export interface DatabaseOptions {
  /** Sees every statement drizzle sends, with its parameters (tests count and explain them). */
  onQuery?: (query: string, params: unknown[]) => void
}

/** Opens the database; a local file gets WAL and foreign keys (libsql turns them on per connection). */
export async function openDatabase(url: string, authToken?: string, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const isLocalFile = url.startsWith('file:') && !url.includes(':memory:')
  if (isLocalFile) mkdirSync(dirname(url.slice('file:'.length)), { recursive: true })
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS })
  if (isLocalFile) await client.execute('PRAGMA journal_mode = WAL')
  const db = drizzle(client, { schema, logger: options.onQuery ? { logQuery: options.onQuery } : false })
  return { db, client, close: () => client.close() }
}

export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
}
