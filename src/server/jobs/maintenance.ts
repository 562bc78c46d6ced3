import { and, eq, lt, or } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { jobs, rateLimits } from '#db/schema/index.ts'
import { deleteExpiredSessions } from '#server/auth/sessions.ts'
import { pruneAccountTokens } from '#server/auth/tokens.ts'
import type { Config } from '#server/env.ts'
import { logger } from '#server/log.ts'
import type { MaintenancePayload } from './kinds.ts'
import type { JobHandler } from './runner.ts'

const DAY_MS = 86_400_000
export const MAINTENANCE_EVERY_MS = 3_600_000

/** One kind of row that only grows unless pruned. `prune` answers how many rows it removed, when it knows. */
export interface PruneStep {
  name: string
  prune(db: Database, now: Date): Promise<number | undefined>
}

const expiredSessions = (config: Config): PruneStep => ({
  name: 'sessions',
  async prune(db, now) {
    await deleteExpiredSessions(db, { idleDays: config.SESSION_IDLE_DAYS, absoluteDays: config.SESSION_ABSOLUTE_DAYS }, now)
    return undefined
  },
})

/**
 * Rate-limit rows whose window began this long ago count nothing any more: the next hit would start
 * a fresh window. Longer than every window in use (a day at most, or the login window).
 */
function rateLimitRetentionMs(config: Config) {
  return Math.max(7 * DAY_MS, config.LOGIN_WINDOW_MINUTES * 60_000)
}

const staleRateLimits = (config: Config): PruneStep => ({
  name: 'rateLimits',
  async prune(db, now) {
    const cutoff = now.getTime() - rateLimitRetentionMs(config)
    const rows = await db.delete(rateLimits).where(lt(rateLimits.windowStart, cutoff)).returning({ key: rateLimits.key })
    return rows.length
  },
})

/** Done jobs are kept a week to look into; dead ones a month, since someone should read their error. */
const DONE_JOB_RETENTION_MS = 7 * DAY_MS
const DEAD_JOB_RETENTION_MS = 30 * DAY_MS

const finishedJobs = (): PruneStep => ({
  name: 'jobs',
  async prune(db, now) {
    const rows = await db
      .delete(jobs)
      .where(
        or(
          and(eq(jobs.status, 'done'), lt(jobs.finishedAt, new Date(now.getTime() - DONE_JOB_RETENTION_MS))),
          and(eq(jobs.status, 'dead'), lt(jobs.finishedAt, new Date(now.getTime() - DEAD_JOB_RETENTION_MS))),
        ),
      )
      .returning({ id: jobs.id })
    return rows.length
  },
})

const usedAccountTokens: PruneStep = { name: 'accountTokens', prune: (db, now) => pruneAccountTokens(db, now) }

/** What the hourly maintenance job prunes. Another table that only grows adds its step here. */
export function pruneSteps(config: Config): PruneStep[] {
  return [expiredSessions(config), staleRateLimits(config), usedAccountTokens, finishedJobs()]
}

/**
 * Runs every step, each on its own: one that fails does not keep the others from running, and
 * the job then fails so it is retried (every step is safe to run twice).
 */
export function createMaintenanceHandler(
  db: Database,
  steps: PruneStep[],
  clock: () => Date = () => new Date(),
): JobHandler<MaintenancePayload> {
  return async () => {
    const now = clock()
    const removed: Record<string, number> = {}
    const failures: unknown[] = []
    for (const step of steps) {
      try {
        const count = await step.prune(db, now)
        if (count) removed[step.name] = count
      } catch (err) {
        failures.push(err)
        logger.warn({ step: step.name, err }, 'maintenance step failed')
      }
    }
    if (Object.keys(removed).length > 0) logger.info({ removed }, 'maintenance pruned old rows')
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} maintenance step(s) failed`)
  }
}
