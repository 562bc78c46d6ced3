import { sql } from 'drizzle-orm'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '#db/client.ts'

/**
 * The process's one registry, scraped at `GET /metrics`. Labels stay bounded: a route is the
 * matched REST pattern or tRPC procedure name, never a raw path with ids in it.
 */
export const registry = new Registry()

// Process figures, among them the event-loop lag (`nodejs_eventloop_lag_*`).
collectDefaultMetrics({ register: registry })

export const httpRequestDuration = new Histogram({
  name: 'covenant_http_request_duration_seconds',
  help: 'Time from a request arriving to its response being finished, by route, method and status class.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

export const openSockets = new Gauge({
  name: 'covenant_open_sockets',
  help: 'WebSockets open on this process, by path.',
  labelNames: ['path'] as const,
  registers: [registry],
})

export const busPublishFailures = new Counter({
  name: 'covenant_bus_publish_failures_total',
  help: 'Realtime events this process could not hand to the shared bus (Redis); their live delivery to other processes was lost.',
  registers: [registry],
})

export const jobFailures = new Counter({
  name: 'covenant_job_failures_total',
  help: "Job runs that failed in this process's runner, by kind and what became of the job (retry, dead, lost).",
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
})

const jobQueue = new Gauge({
  name: 'covenant_job_queue_depth',
  help: 'Jobs in the shared queue at scrape time: due (waiting to run now), scheduled (later) and dead (failed for good).',
  labelNames: ['state'] as const,
  registers: [registry],
})

/** Each scrape reads the queue itself, so the figure is the same whichever process runs the jobs. */
async function readJobQueue(db: Database) {
  const now = Date.now()
  // Done jobs are most of the table until maintenance prunes them; the status index skips them.
  const rows = await db.all<{ state: 'due' | 'scheduled' | 'dead'; n: number }>(sql`
    select case when status = 'dead' then 'dead' when run_at <= ${now} then 'due' else 'scheduled' end as state, count(*) as n
    from jobs where status in ('pending', 'dead') group by state`)
  for (const state of ['due', 'scheduled', 'dead'] as const)
    jobQueue.set({ state }, Number(rows.find((row) => row.state === state)?.n ?? 0))
}

/** The exposition text, with the queue read first. */
export async function metricsText(db: Database): Promise<string> {
  await readJobQueue(db)
  return registry.metrics()
}
