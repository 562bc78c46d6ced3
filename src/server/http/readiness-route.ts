import type { IncomingMessage, ServerResponse } from 'node:http'
import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import type { Config } from '#server/env.ts'
import type { JobRunner } from '#server/jobs/runner.ts'
import { logger } from '#server/log.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { sendJson } from './send-json.ts'

export const READINESS_ROUTE = 'GET /api/health/ready'

/** A check that has not answered in this long has failed: a load balancer should not wait on us. */
const CHECK_TIMEOUT_MS = 2000

type CheckResult = 'ok' | 'failed' | 'not configured' | 'external'

function withinTimeout(check: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
  })
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer))
}

/**
 * Whether this process should be sent traffic: the database answers, Redis answers when the bus
 * uses it, and the job runner polls when it runs in this process (run apart by `npm run jobs`, it is
 * reported as external and not judged here). `GET /api/health` stays the liveness check. The body
 * names each check's outcome, never its error: the reason is logged, once when a check starts
 * failing and once when it recovers.
 */
export function createReadinessRoute(deps: { db: Database; bus: Bus; config: Config; jobs: () => JobRunner | null }) {
  const failing = new Set<string>()

  async function run(name: string, check: () => Promise<void>): Promise<CheckResult> {
    try {
      await withinTimeout(check)
      if (failing.delete(name)) logger.info({ check: name }, 'readiness check passes again')
      return 'ok'
    } catch (err) {
      if (!failing.has(name)) logger.warn({ check: name, err }, 'readiness check failed')
      failing.add(name)
      return 'failed'
    }
  }

  async function jobsCheck(): Promise<CheckResult> {
    if (!deps.config.JOBS_IN_PROCESS) return 'external'
    return run('jobs', async () => {
      const status = deps.jobs()?.status()
      if (!status?.running) throw new Error('the job runner is not running')
      if (!status.databaseReachable) throw new Error('the job runner cannot reach the database')
    })
  }

  return async (_req: IncomingMessage, res: ServerResponse) => {
    const [database, redis, jobs] = await Promise.all([
      run('database', async () => void (await deps.db.run(sql`select 1`))),
      deps.config.REDIS_URL ? run('redis', () => deps.bus.check()) : ('not configured' as const),
      jobsCheck(),
    ])
    const checks = { database, redis, jobs }
    const ready = Object.values(checks).every((result) => result !== 'failed')
    sendJson(res, ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable', checks })
  }
}
