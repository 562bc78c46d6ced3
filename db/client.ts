import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { type Client, createClient, type InArgs, type InStatement } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import EmbeddedDatabase from 'libsql'
import * as schema from '#db/schema/index.ts'

export type Database = ReturnType<typeof drizzle<typeof schema>>

export interface DatabaseHandle {
  db: Database
  client: Client
  close(): void
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

/** Writers wait this long for another process's lock before failing. */
const LOCK_WAIT_MS = 5000
/** The longest pause between two tries for a lock. */
const LONGEST_LOCK_PAUSE_MS = 50

/**
 * Connections the client may hold to a local file. Every statement borrows one only for its own
 * synchronous run, so a few serve any load; each is opened up front to get the pragmas below.
 */
const LOCAL_CONNECTIONS = 4

/** Statements each embedded connection keeps prepared; the least recently used beyond it are dropped. */
const STATEMENTS_PER_CONNECTION = 500

type EmbeddedConnection = EmbeddedDatabase.Database
type EmbeddedStatement = EmbeddedDatabase.Statement
const preparedStatements = new WeakMap<EmbeddedConnection, { schema: number; kept: Map<string, EmbeddedStatement> }>()
/**
 * Bumped by every migration. SQLite re-prepares a statement whose tables changed, but the package
 * keeps the column names it first read, so statements kept from before a migration are dropped.
 */
let schemaVersion = 0

/**
 * The embedded client prepares every statement afresh, and preparing costs more than running a
 * lookup (about 70 µs against 45 here); each connection of the `libsql` package it runs on keeps
 * its recently used statements, and what they answer with, instead (docs/decisions/031).
 * Statements run to completion synchronously, so a kept one is never in use twice at once. The
 * statements that begin or end a transaction are the exception: they are never kept
 * (`transactionControlRunOnce`, below).
 */
function keepStatementsPrepared() {
  const prototype = EmbeddedDatabase.prototype as EmbeddedConnection & { statementsKept?: true }
  if (prototype.statementsKept) return
  prototype.statementsKept = true
  const prepare = prototype.prepare
  prototype.prepare = function (this: EmbeddedConnection, source: string, ...rest: unknown[]) {
    // The package's own pragma helper passes extra arguments: those go through as they were.
    if (rest.length > 0) return (prepare as (...args: unknown[]) => EmbeddedStatement).call(this, source, ...rest)
    if (TRANSACTION_CONTROL.test(source)) return transactionControlRunOnce(this, source)
    let cache = preparedStatements.get(this)
    if (cache?.schema !== schemaVersion) {
      cache = { schema: schemaVersion, kept: new Map() }
      preparedStatements.set(this, cache)
    }
    const { kept } = cache
    const statement = kept.get(source)
    if (statement) {
      // Map order is use order: a hit moves to the end, and the first entry is the least recently used.
      kept.delete(source)
      kept.set(source, statement)
      return statement
    }
    const fresh = prepare.call(this, source)
    // The client asks a statement for its columns twice on every run, and each answer is built
    // anew in native code: the columns of a kept statement are read once.
    const describe = fresh.columns
    let columns: ReturnType<EmbeddedStatement['columns']> | undefined
    fresh.columns = () => {
      columns ??= describe.call(fresh)
      return columns
    }
    // The client asks whether a statement answers with rows by switching it to raw rows, which
    // throws when it does not, on every run of every write. A kept statement answers once, and
    // throws that same error again rather than having a new one built with its stack.
    const rawRows = fresh.raw
    let answersNoRows: unknown
    fresh.raw = (toggle?: boolean) => {
      if (answersNoRows) throw answersNoRows
      try {
        return rawRows.call(fresh, toggle)
      } catch (error) {
        answersNoRows = error
        throw error
      }
    }
    kept.set(source, fresh)
    if (kept.size > STATEMENTS_PER_CONNECTION) kept.delete(kept.keys().next().value!)
    return fresh
  } as EmbeddedConnection['prepare']
}

/**
 * A libsql server's answers asked for uncompressed. Node's fetch asks for gzip by default, and sqld
 * then compresses every answer, which the app inflates again: for the few rows a request reads,
 * CPU spent on both sides to save a few bytes (measured in docs/decisions/028).
 */
function uncompressedFetch(request: Request): Promise<Response> {
  request.headers.set('Accept-Encoding', 'identity')
  return fetch(request)
}

/** The statements that begin or end a transaction (a savepoint's RELEASE or ROLLBACK TO may end one too). */
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i
const BEGIN = /^\s*BEGIN\b/i
const READ_ONLY = /\bREADONLY\b/i
/** What such a statement says when asked for rows, as a statement without rows does: made once. */
const ANSWERS_NO_ROWS = new TypeError('A transaction control statement answers with no rows')

/**
 * A statement that begins or ends a transaction on a local file, run by `exec` each time rather
 * than kept prepared; a BEGIN is IMMEDIATE unless read-only, taking the write lock before the
 * transaction's first statement.
 *
 * - With several processes on one file (docs/decisions/028), a deferred transaction that read
 *   first could not wait for another process's commit: in WAL mode SQLite refuses it at once
 *   (SQLITE_BUSY_SNAPSHOT). Under the lock, no statement of the transaction meets another's.
 * - `exec` finalizes what it runs. A prepared statement that SQLite refused with SQLITE_BUSY stays
 *   pending (the driver cannot reset it). A pending BEGIN keeps its connection from ever
 *   committing: the writes after it stay in an open transaction that holds the lock from every
 *   other process. A pending COMMIT, once its transaction is rolled back, keeps every later read of
 *   its connection in one open read transaction: in WAL mode the connection sees the file as it
 *   was and is refused every write (SQLITE_BUSY_SNAPSHOT); with a rollback journal it holds a read
 *   lock that refuses every other writer (docs/decisions/043).
 */
function transactionControlRunOnce(connection: EmbeddedConnection, source: string): EmbeddedStatement {
  const run = BEGIN.test(source) && !READ_ONLY.test(source) ? 'BEGIN IMMEDIATE' : source
  const statement = {
    safeIntegers: () => statement,
    raw() {
      throw ANSWERS_NO_ROWS
    },
    run() {
      connection.exec(run)
      return { changes: 0, lastInsertRowid: 0 }
    },
  }
  return statement as unknown as EmbeddedStatement
}

/** A statement that writes: on a local file it runs as a batch of one (below). */
const WRITE = /^\s*(insert|update|delete|replace)\b/i

/**
 * A call that meets another process's write lock on a local file waits for it between turns of
 * the event loop, not inside SQLite (docs/decisions/043). SQLite's own busy timeout sleeps in the
 * statement, on the event loop thread: every socket and request of the process would stop until
 * the other process commits, and a lock held by this process's own open transaction could never
 * be released. Here connections have no busy timeout. Every write meets the lock at a BEGIN (a
 * batch, a transaction, a migration, and a lone write statement, which runs as a batch of one), or
 * rarely at its COMMIT: SQLite refuses it at once (SQLITE_BUSY), with nothing changed and nothing
 * left pending (a refused COMMIT's transaction is rolled back as its connection goes back to the
 * pool), and the call is tried again after a pause that grows to LONGEST_LOCK_PAUSE_MS, until
 * `waitMs` have passed.
 */
function waitForLocksBetweenTurns(client: Client, waitMs: number) {
  async function tryAgain<Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>, args: Args, refusal: unknown) {
    const giveUpAt = performance.now() + waitMs
    for (let pause = 1; ; pause = Math.min(2 * pause, LONGEST_LOCK_PAUSE_MS)) {
      if ((refusal as { code?: unknown }).code !== 'SQLITE_BUSY' || performance.now() + pause > giveUpAt) throw refusal
      // Spread out, so that processes waiting for the same lock do not all try again at once.
      await delay(pause * (0.5 + Math.random()))
      try {
        return await call(...args)
      } catch (error) {
        refusal = error
      }
    }
  }
  // Every call pays only for a `catch`: the waiting is set up once a call is refused.
  const tried =
    <Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> =>
      call(...args).catch((error: unknown) => tryAgain(call, args, error))
  const execute = tried(client.execute.bind(client) as (statement: InStatement, args?: InArgs) => ReturnType<Client['execute']>)
  const batch = tried(client.batch.bind(client))
  client.execute = ((statement: InStatement, args?: InArgs) => {
    const sql = typeof statement === 'string' ? statement : statement.sql
    if (!WRITE.test(sql)) return execute(statement, args)
    return batch([typeof statement === 'string' ? { sql, args } : statement]).then(([result]) => result!)
  }) as Client['execute']
  client.batch = batch
  client.transaction = tried(client.transaction.bind(client))
  client.migrate = tried(client.migrate.bind(client))
}

export interface DatabaseOptions {
  /** Sees every statement sent, alone or in a batch, with its parameters (tests count and explain them). */
  onQuery?: (query: string, params: unknown[]) => void
  /** How long a statement on a local file waits for another process's write lock (default LOCK_WAIT_MS). */
  lockWaitMs?: number
  /**
   * A local file's log is copied into it by a thread of its own (the app's database); if that thread
   * fails, this hears why, and the writers' own checkpoints go on (at WRITERS_CHECKPOINT_PAGES).
   */
  checkpointsInBackground?: { onFailure(error: unknown): void }
}

/** How soon the background thread copies the log again: while it grows, and while nothing is written. */
const CHECKPOINT_INTERVALS_MS = { busyMs: 20, idleMs: 250 }
/** With the thread copying, the writers' own checkpoint waits for this many pages in the log (16 MB). */
const WRITERS_CHECKPOINT_PAGES = 4000

/**
 * In WAL mode each commit appends to the log, and the commit that takes the log past 1,000 pages
 * copies it into the database file and syncs both, on the writer's event loop: under a stream of
 * messages, about a third of what their commits cost (docs/decisions/044). A thread of its own with
 * its own connection does that copying instead, every few milliseconds while the log grows. The
 * writers still checkpoint, at WRITERS_CHECKPOINT_PAGES rather than 1,000, which lets the log start
 * over from its beginning; they then find little or nothing left to copy. Answers how to stop it.
 */
export function checkpointInBackground(path: string, onFailure: (error: unknown) => void): () => void {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { path, ...CHECKPOINT_INTERVALS_MS },
  })
  // It never keeps a process alive, nor takes one down.
  worker.unref()
  worker.on('error', onFailure)
  return () => worker.postMessage('stop')
}

/**
 * Opens the database; a local file gets WAL and foreign keys (libsql turns them on per connection).
 * In WAL mode `synchronous = NORMAL` syncs at checkpoints instead of at every commit (decision 030):
 * a commit survives the process dying, and each write stops blocking the event loop on an fsync.
 */
export async function openDatabase(url: string, authToken?: string, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const path = url.startsWith('file:') && !url.includes(':memory:') ? localFilePath(url) : null
  if (path !== null) mkdirSync(dirname(path), { recursive: true })
  if (url.startsWith('file:')) keepStatementsPrepared()
  const client = createClient({ url, authToken, concurrency: LOCAL_CONNECTIONS, fetch: uncompressedFetch })
  let stopCheckpoints: (() => void) | null = null
  if (path !== null) {
    waitForLocksBetweenTurns(client, options.lockWaitMs ?? LOCK_WAIT_MS)
    await client.execute('PRAGMA journal_mode = WAL')
    await everyConnection(client, 'PRAGMA synchronous = NORMAL')
    if (options.checkpointsInBackground) {
      await everyConnection(client, `PRAGMA wal_autocheckpoint = ${WRITERS_CHECKPOINT_PAGES}`)
      stopCheckpoints = checkpointInBackground(path, options.checkpointsInBackground.onFailure)
    }
  }
  if (options.onQuery) observeStatements(client, options.onQuery)
  const db = drizzle(client, { schema })
  return {
    db,
    client,
    close: () => {
      stopCheckpoints?.()
      client.close()
    },
  }
}

/** The file a `file:` URL names, without the query the driver may be given after it. */
export function localFilePath(url: string): string {
  return url.slice('file:'.length).split('?')[0]!
}

/** A setting of each connection: started in one turn, each call borrows a connection of its own. */
async function everyConnection(client: Client, pragma: string) {
  await Promise.all(Array.from({ length: LOCAL_CONNECTIONS }, () => client.execute(pragma)))
}

/** Reports every statement the client is given, alone or in a batch (drizzle's logger misses batches). */
function observeStatements(client: Client, onQuery: NonNullable<DatabaseOptions['onQuery']>) {
  const report = (statement: InStatement) =>
    typeof statement === 'string' ? onQuery(statement, []) : onQuery(statement.sql, (statement.args ?? []) as unknown[])
  const execute = client.execute.bind(client) as (statement: InStatement, args?: InArgs) => ReturnType<Client['execute']>
  const batch = client.batch.bind(client)
  client.execute = ((statement: InStatement, args?: InArgs) => {
    report(typeof statement === 'string' ? { sql: statement, args } : statement)
    return execute(statement, args)
  }) as Client['execute']
  client.batch = (statements, mode) => {
    for (const statement of statements) report(Array.isArray(statement) ? { sql: statement[0], args: statement[1] } : statement)
    return batch(statements, mode)
  }
}

export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
  schemaVersion++
}
