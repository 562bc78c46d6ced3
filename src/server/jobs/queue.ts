import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { jobs } from '#db/schema/index.ts'
import type { JobPayloads } from './kinds.ts'

/** Retries wait 15 s, 30 s, 1 min… doubling up to an hour: about two hours of trying over the default 10 attempts. */
export const DEFAULT_BACKOFF: Backoff = { baseMs: 15_000, maxMs: 3_600_000 }
const DEFAULT_MAX_ATTEMPTS = 10
/** Longest stored error text: enough for a message and the top of a stack. */
const MAX_ERROR_LENGTH = 2000

export interface Backoff {
  baseMs: number
  maxMs: number
}

/** What a handler learns about the job it runs. */
export interface JobInfo {
  id: string
  kind: string
  /** 1 on the first run; a retry or a takeover after a lost lease counts up. */
  attempt: number
  maxAttempts: number
  createdAt: Date
}

export interface ClaimedJob extends JobInfo {
  payload: string
  lockedBy: string
}

export interface NewJob<M, K extends keyof M & string> {
  kind: K
  payload: M[K]
  /** When the job may run; now by default. */
  runAt?: Date
  maxAttempts?: number
}

/** A handler throws this when trying again cannot help (an address the mail server refuses for good). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError'
}

type Wakeup = () => void
const wakeups = new Set<Wakeup>()

/** Runners in this process hear about new jobs at once instead of at their next poll. */
export function onJobEnqueued(listener: Wakeup): () => void {
  wakeups.add(listener)
  return () => wakeups.delete(listener)
}

/**
 * The insert of a job: await it, or put it in the `db.batch([...])` of the domain change it belongs
 * to, so the job exists exactly when the change does (docs/decisions/005). Resolves to `[{ id }]`.
 */
export function enqueueJob<M = JobPayloads, K extends keyof M & string = keyof M & string>(
  db: Pick<Database, 'insert'>,
  job: NewJob<M, K>,
  now = new Date(),
) {
  // A hint only: the runner's poll is what guarantees the job is seen, committed or not yet.
  setImmediate(() => {
    for (const wake of wakeups) wake()
  })
  return db
    .insert(jobs)
    .values({
      id: randomId(),
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      runAt: job.runAt ?? now,
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      createdAt: now,
    })
    .returning({ id: jobs.id })
}

const isFree = (now: Date) => and(eq(jobs.status, 'pending'), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)))

/**
 * Takes the next due job of one of `kinds` for `leaseMs`, in one UPDATE: SQLite (and sqld) run it
 * under the write lock, so two runners never take the same job. The job's free-and-due conditions
 * are repeated outside the subquery so the statement stays safe wherever the subquery is evaluated.
 * Only known kinds are taken: an older process in a rolling deploy leaves newer kinds alone.
 */
export async function claimJob(
  db: Database,
  options: { runnerId: string; kinds: readonly string[]; leaseMs: number; now?: Date },
): Promise<ClaimedJob | null> {
  const now = options.now ?? new Date()
  const due = and(isFree(now), lte(jobs.runAt, now), inArray(jobs.kind, [...options.kinds]))
  const next = db.select({ id: jobs.id }).from(jobs).where(due).orderBy(asc(jobs.runAt)).limit(1)
  const [row] = await db
    .update(jobs)
    .set({ lockedBy: options.runnerId, lockedUntil: new Date(now.getTime() + options.leaseMs), attempts: sql`${jobs.attempts} + 1` })
    .where(and(inArray(jobs.id, next), due))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempt: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      createdAt: jobs.createdAt,
    })
  return row ? { ...row, lockedBy: options.runnerId } : null
}

/** The claim still held: matched by runner and attempt, so a runner whose lease was taken over changes nothing. */
const heldClaim = (job: ClaimedJob) =>
  and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy), eq(jobs.attempts, job.attempt), eq(jobs.status, 'pending'))

/** Keeps a long job's lease; false when the lease was lost (another runner took the job over). */
export async function extendLease(db: Database, job: ClaimedJob, leaseMs: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(heldClaim(job))
    .returning({ id: jobs.id })
  return rows.length > 0
}

/**
 * Whether the job's row is still there. A claim found no longer held was taken over by another runner
 * when it is, and deleted with its member's account (which removes the jobs naming them) when not.
 */
export async function jobExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id))
  return row !== undefined
}

/** Marks the job done and clears its payload (it may hold a one-time token). False when the claim was lost. */
export async function completeJob(db: Database, job: ClaimedJob, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', payload: '{}', finishedAt: now, lockedBy: null, lockedUntil: null, lastError: null })
    .where(heldClaim(job))
    .returning({ id: jobs.id })
  return rows.length > 0
}

export function retryDelayMs(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1))
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return text.slice(0, MAX_ERROR_LENGTH)
}

export type FailureOutcome = { outcome: 'retry'; runAt: Date } | { outcome: 'dead' } | { outcome: 'lost' }

/**
 * Records a failed run: the job waits its backoff and is tried again, or, after its last attempt
 * (or a `PermanentJobError`), it is dead and keeps the error for whoever looks into it.
 */
export async function failJob(
  db: Database,
  job: ClaimedJob,
  error: unknown,
  options: { backoff?: Backoff; now?: Date } = {},
): Promise<FailureOutcome> {
  const now = options.now ?? new Date()
  const lastError = describeError(error)
  const dead = error instanceof PermanentJobError || job.attempt >= job.maxAttempts
  const runAt = new Date(now.getTime() + retryDelayMs(job.attempt, options.backoff))
  const rows = await db
    .update(jobs)
    .set(
      dead
        ? { status: 'dead', finishedAt: now, lockedBy: null, lockedUntil: null, lastError }
        : { runAt, lockedBy: null, lockedUntil: null, lastError },
    )
    .where(heldClaim(job))
    .returning({ id: jobs.id })
  if (rows.length === 0) return { outcome: 'lost' }
  return dead ? { outcome: 'dead' } : { outcome: 'retry', runAt }
}

const OVERRUN_ERROR = 'Its runner stopped before finishing it, on every attempt'

/**
 * A job taken more often than it may run never finished any of those runs (its runners died or
 * lost the lease each time): it is dead without running again, so a job that crashes its process
 * cannot crash every process in turn.
 */
export async function buryOverrunJob(db: Database, job: ClaimedJob, now = new Date()): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'dead',
      finishedAt: now,
      lockedBy: null,
      lockedUntil: null,
      lastError: sql`coalesce(${OVERRUN_ERROR} || '; before that: ' || ${jobs.lastError}, ${OVERRUN_ERROR})`,
    })
    .where(heldClaim(job))
}

/** When the next job of `kinds` becomes due, or null when none is waiting. Reads only: cheap to poll. */
export async function nextDueAt(db: Database, kinds: readonly string[], now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(isFree(now), inArray(jobs.kind, [...kinds])))
    .orderBy(asc(jobs.runAt))
    .limit(1)
  return row?.runAt ?? null
}

/**
 * Keeps one pending job of a recurring kind: when none is pending, one is added to run `everyMs`
 * after the last one finished (at once when none ever did). One statement, so runners in several
 * processes checking at the same moment add one job between them.
 */
export async function scheduleRecurring(
  db: Database,
  recurring: { kind: string; everyMs: number; payload: unknown; maxAttempts?: number },
  now = new Date(),
): Promise<boolean> {
  const at = now.getTime()
  const result = await db.run(sql`
    insert into jobs (id, kind, payload, run_at, attempts, max_attempts, status, created_at)
    select ${randomId()}, ${recurring.kind}, ${JSON.stringify(recurring.payload)},
      coalesce((select max(finished_at) from jobs where kind = ${recurring.kind} and status <> 'pending') + ${recurring.everyMs}, ${at}),
      0, ${recurring.maxAttempts ?? 3}, 'pending', ${at}
    where not exists (select 1 from jobs where kind = ${recurring.kind} and status = 'pending')
  `)
  return result.rowsAffected > 0
}
