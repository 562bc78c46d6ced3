import { hostname } from 'node:os'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { logger } from '#server/log.ts'
import { jobFailures } from '#server/metrics.ts'
import type { JobPayloads } from './kinds.ts'
import {
  type Backoff,
  buryOverrunJob,
  type ClaimedJob,
  claimJob,
  completeJob,
  DEFAULT_BACKOFF,
  extendLease,
  failJob,
  type JobInfo,
  jobExists,
  nextDueAt,
  onJobEnqueued,
  PermanentJobError,
  scheduleRecurring,
} from './queue.ts'

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>
/** One handler per kind, each typed by its payload: a kind without a handler does not compile. */
export type JobHandlers<M = JobPayloads> = { [K in keyof M & string]: JobHandler<M[K]> }

/** A kind that always has one job waiting, run every `everyMs` (see `scheduleRecurring`). */
type RecurringJob<M = JobPayloads> = { [K in keyof M & string]: { kind: K; everyMs: number; payload: M[K] } }[keyof M & string]

export interface JobRunnerOptions<M> {
  db: Database
  handlers: JobHandlers<M>
  recurring?: RecurringJob<M>[]
  /** Names this runner in `jobs.locked_by` and in logs; host, pid and a random suffix by default. */
  runnerId?: string
  /** How long a claim holds without renewal; renewed every third of it while the handler runs. */
  leaseMs?: number
  /** The longest wait between looks at the table when nothing is due. */
  idlePollMs?: number
  /** How often the recurring kinds are checked. */
  scheduleEveryMs?: number
  backoff?: Backoff
  /** The runner's notion of now; tests move it forward to let a lease expire. */
  clock?: () => Date
}

export interface JobRunner {
  readonly id: string
  /** Polls and runs jobs one at a time until stopped. */
  start(): void
  /** Stops polling and resolves once the job in flight, if any, has finished and been recorded. */
  stop(): Promise<void>
  /** Runs the next due job, if any, and tells whether it ran one. For tests and scripts: not while started. */
  runNext(): Promise<boolean>
  /** For the readiness check: polling, and whether its last look at the queue reached the database. */
  status(): JobRunnerStatus
}

interface JobRunnerStatus {
  running: boolean
  databaseReachable: boolean
  /** When the runner last looked at the queue successfully; null before its first look. */
  lastPollAt: Date | null
}

export const DEFAULT_LEASE_MS = 60_000
const DEFAULT_IDLE_POLL_MS = 2000
const DEFAULT_SCHEDULE_EVERY_MS = 60_000

export function createJobRunner<M>(options: JobRunnerOptions<M>): JobRunner {
  const { db, handlers } = options
  const id = options.runnerId ?? `${hostname()}:${process.pid}:${randomId().slice(0, 6)}`
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const idlePollMs = options.idlePollMs ?? DEFAULT_IDLE_POLL_MS
  const scheduleEveryMs = options.scheduleEveryMs ?? DEFAULT_SCHEDULE_EVERY_MS
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  const clock = options.clock ?? (() => new Date())
  const kinds = Object.keys(handlers)
  const handlerFor = (kind: string) => (handlers as Record<string, JobHandler<unknown>>)[kind]

  /** A claim found no longer held: a warning when another runner took the job over, routine when its member's account went. */
  async function reportLostClaim(job: ClaimedJob, fields: Record<string, unknown>, event: string) {
    if (await jobExists(db, job.id)) logger.warn(fields, `${event} after another runner took it over`)
    else logger.info(fields, `${event} after it was deleted with its member's account`)
  }

  async function run(job: ClaimedJob) {
    const fields = { runner: id, job: job.id, kind: job.kind, attempt: job.attempt }
    if (job.attempt > job.maxAttempts) {
      await buryOverrunJob(db, job, clock())
      jobFailures.inc({ kind: job.kind, outcome: 'abandoned' })
      logger.error(fields, 'job abandoned: its runners stopped before finishing it too many times')
      return
    }
    const heartbeat = setInterval(() => {
      extendLease(db, job, leaseMs, clock())
        .then(async (held) => {
          if (!held) await reportLostClaim(job, fields, 'job still running')
        })
        .catch((err) => logger.warn({ ...fields, err }, 'job lease could not be renewed'))
    }, leaseMs / 3)
    heartbeat.unref()
    try {
      const handler = handlerFor(job.kind)
      if (!handler) throw new PermanentJobError(`No handler for job kind ${job.kind}`)
      await handler(parsePayload(job), {
        id: job.id,
        kind: job.kind,
        attempt: job.attempt,
        maxAttempts: job.maxAttempts,
        createdAt: job.createdAt,
      })
    } catch (err) {
      clearInterval(heartbeat)
      const failure = await failJob(db, job, err, { backoff, now: clock() })
      jobFailures.inc({ kind: job.kind, outcome: failure.outcome })
      if (failure.outcome === 'retry')
        logger.warn({ ...fields, err, retryAt: failure.runAt.toISOString() }, 'job failed; it will be retried')
      else if (failure.outcome === 'dead') logger.error({ ...fields, err }, 'job failed for good and is kept as dead')
      else await reportLostClaim(job, { ...fields, err }, 'job failed')
      return
    }
    clearInterval(heartbeat)
    if (!(await completeJob(db, job, clock()))) await reportLostClaim(job, fields, 'job finished')
  }

  async function runNext() {
    const job = await claimJob(db, { runnerId: id, kinds, leaseMs, now: clock() })
    if (!job) return false
    await run(job)
    return true
  }

  let stopping = false
  let loop: Promise<void> | undefined
  let interrupt: (() => void) | undefined
  /** Set by a wake-up that came while the runner was busy, so the next sleep is skipped. */
  let woken = false
  let nextScheduleAt = 0

  function wake() {
    woken = true
    interrupt?.()
  }

  function sleep(ms: number) {
    if (woken) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        interrupt = undefined
        resolve()
      }
      interrupt = done
    })
  }

  async function schedule() {
    const now = clock()
    if (now.getTime() < nextScheduleAt) return
    nextScheduleAt = now.getTime() + scheduleEveryMs
    for (const recurring of options.recurring ?? []) await scheduleRecurring(db, recurring, now)
  }

  /** How long to wait before looking again: no wait after a job, up to `idlePollMs` when idle. */
  async function tick(): Promise<number> {
    woken = false
    await schedule()
    if (await runNext()) return 0
    const due = await nextDueAt(db, kinds, clock())
    if (!due) return idlePollMs
    return Math.min(idlePollMs, Math.max(1, due.getTime() - clock().getTime()))
  }

  let unreachable = false
  let lastPollAt: Date | null = null
  async function poll() {
    while (!stopping) {
      let wait = idlePollMs
      try {
        wait = await tick()
        unreachable = false
        lastPollAt = new Date()
      } catch (err) {
        // Said once per outage, not once per poll.
        if (!unreachable) logger.error({ runner: id, err }, 'job runner cannot reach the database; retrying')
        unreachable = true
      }
      if (stopping) break
      await sleep(wait)
    }
  }

  let unsubscribe: (() => void) | undefined
  return {
    id,
    runNext,
    status: () => ({ running: loop !== undefined && !stopping, databaseReachable: !unreachable, lastPollAt }),
    start() {
      if (loop) return
      unsubscribe = onJobEnqueued(wake)
      loop = poll()
    },
    async stop() {
      stopping = true
      unsubscribe?.()
      wake()
      await loop
    },
  }
}

function parsePayload(job: ClaimedJob): unknown {
  try {
    return JSON.parse(job.payload)
  } catch {
    throw new PermanentJobError('The payload is not valid JSON')
  }
}
