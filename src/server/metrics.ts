import cluster from 'node:cluster'
import { sql } from 'drizzle-orm'
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '#db/client.ts'
import { UnavailableError } from '#server/errors.ts'

/**
 * The process's own figures, scraped at `GET /metrics`. Labels stay bounded: a route is the
 * matched REST pattern or tRPC procedure name, never a raw path with ids in it.
 */
export const registry = new Registry()
/** Figures of the shared database, read by the process scraped: never summed over processes. */
const sharedRegistry = new Registry()
// With APP_PROCESSES above 1, the primary gathers this registry from every process through
// prom-client's cluster support; a process answers the primary once it has an AggregatorRegistry.
AggregatorRegistry.setRegistries(registry)
if (cluster.isWorker) new AggregatorRegistry()

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
  registers: [sharedRegistry],
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

/**
 * The exposition text: this process's figures, or, in one of several app processes, every
 * process's summed (or averaged, as prom-client aggregates each kind), then the queue, read now.
 */
export async function metricsText(db: Database): Promise<string> {
  const [own] = await Promise.all([cluster.isWorker ? everyProcessMetrics() : registry.metrics(), readJobQueue(db)])
  return `${own.trimEnd()}\n${await sharedRegistry.metrics()}`
}

const SCRAPE = 'covenant:scrape'
const SCRAPED = 'covenant:scraped'
/** How long a scraped process waits for the primary, which gives every process 5 s (prom-client's limit). */
const SCRAPE_TIMEOUT_MS = 6_000
let scrapes = 0

type ScrapeMessage = { type: typeof SCRAPE; id: number } | { type: typeof SCRAPED; id: number; text?: string; error?: string }

/** Every app process's figures, gathered by the primary (`answerScrapes`) over the cluster's channel. */
function everyProcessMetrics(): Promise<string> {
  const id = scrapes++
  return new Promise((resolve, reject) => {
    const answered = (message: ScrapeMessage) => {
      if (message?.type !== SCRAPED || message.id !== id) return
      clearTimeout(timer)
      process.off('message', answered)
      if (message.text !== undefined) resolve(message.text)
      else reject(new UnavailableError(`The app processes' metrics could not be gathered: ${message.error}`))
    }
    const timer = setTimeout(() => answered({ type: SCRAPED, id, error: 'the primary did not answer in time' }), SCRAPE_TIMEOUT_MS)
    process.on('message', answered)
    process.send!({ type: SCRAPE, id } satisfies ScrapeMessage)
  })
}

/** In the primary of several app processes: answers a process asked for `/metrics` with every process's figures. */
export function answerScrapes() {
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message: ScrapeMessage) => {
    if (message?.type !== SCRAPE) return
    const reply = (answer: { text: string } | { error: string }) => {
      if (worker.isConnected()) worker.send({ type: SCRAPED, id: message.id, ...answer } satisfies ScrapeMessage)
    }
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    )
  })
}
