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

/**
 * Connections the client may hold to a local file. Every statement borrows one only for its own
 * synchronous run, so a few serve any load; each is opened up front to get the pragmas below.
 */
const LOCAL_CONNECTIONS = 4

export interface DatabaseOptions {
  /** Sees every statement drizzle sends, with its parameters (tests count and explain them). */
  onQuery?: (query: string, params: unknown[]) => void
}

/**
 * Opens the database; a local file gets WAL and foreign keys (libsql turns them on per connection).
 * In WAL mode `synchronous = NORMAL` syncs at checkpoints instead of at every commit (decision 030):
 * a commit survives the process dying, and each write stops blocking the event loop on an fsync.
 */
export async function openDatabase(url: string, authToken?: string, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const isLocalFile = url.startsWith('file:') && !url.includes(':memory:')
  if (isLocalFile) mkdirSync(dirname(url.slice('file:'.length)), { recursive: true })
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS, concurrency: LOCAL_CONNECTIONS })
  if (isLocalFile) {
    await client.execute('PRAGMA journal_mode = WAL')
    // Started in one turn, each call borrows a connection of its own, so every one gets the setting.
    await Promise.all(Array.from({ length: LOCAL_CONNECTIONS }, () => client.execute('PRAGMA synchronous = NORMAL')))
  }
  const db = drizzle(client, { schema, logger: options.onQuery ? { logQuery: options.onQuery } : false })
  return { db, client, close: () => client.close() }
}

export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
}
