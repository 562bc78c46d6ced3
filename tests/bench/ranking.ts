import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { demoSessionCookie, measure, seededDatabase, startServer } from './harness.ts'

/**
 * Relevance-ranked Discover against the activity order it replaced, on the same 100,000 members in
 * one run, each behind the same bare node:http handler (session lookup, then the service): the
 * ratio is the cost of ranking. The activity order is the service as it was before ranking, read
 * from git (ACTIVITY_ORDER_COMMIT) into a file beside today's, so it runs on today's schema.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000)
const ACTIVITY_ORDER_COMMIT = '2e6f970'
const activityOrderModule = 'src/server/services/discover-activity-order.bench.ts'

const filters = [
  ['anywhere', ''],
  ['within 50 miles, 26-35', '?location=within-50&ageMin=26&ageMax=35'],
  ['same state', '?location=same-state'],
] as const

writeFileSync(activityOrderModule, execFileSync('git', ['show', `${ACTIVITY_ORDER_COMMIT}:src/server/services/discover.ts`]))
try {
  const databaseUrl = await seededDatabase(MEMBERS)
  const cookie = await demoSessionCookie(databaseUrl)
  const rows: { order: string; filter: string; requestsPerSecond: number; p99Ms: number }[] = []
  for (const [order, port, module] of [
    ['activity', 4621, activityOrderModule],
    ['relevance', 4622, 'src/server/services/discover.ts'],
  ] as const) {
    const server = await startServer('discover', port, databaseUrl, module)
    try {
      const base = `http://127.0.0.1:${port}`
      for (const [filter, query] of filters) {
        rows.push({ order, filter, ...(await measure(`${base}/api/profiles/discover${query}`, cookie, CONNECTIONS, DURATION_S)) })
      }
    } finally {
      server.kill()
    }
  }
  console.log(`\nDiscover's first page on ${MEMBERS} members, ${CONNECTIONS} connections, ${DURATION_S} s each\n`)
  console.table(
    rows.map((row) => {
      const baseline = rows.find((other) => other.order === 'activity' && other.filter === row.filter)!
      return {
        order: row.order,
        filter: row.filter,
        'req/s': Math.round(row.requestsPerSecond),
        'p99 ms': row.p99Ms,
        'vs activity order': `${((row.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}%`,
      }
    }),
  )
} finally {
  rmSync(activityOrderModule, { force: true })
}
