import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { DEMO_PASSWORD, seedDemoMembers } from '#server/seed/index.ts'

/**
 * Requests per second of the same query (session lookup + current user) behind a raw node:http
 * handler, an Express handler, our REST adapter and our tRPC handler, measured in one run.
 * Ratios against the raw handler are what to compare between runs, not absolute numbers.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 50

const dir = mkdtempSync(join(tmpdir(), 'covenant-bench-'))
const databaseUrl = `file:${join(dir, 'bench.db')}`
const database = await openDatabase(databaseUrl)
await migrateDatabase(database.db)
await seedDemoMembers(database.db)
database.close()

function startServer(kind: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/servers.ts', kind, String(port), databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return once(child.stdout!, 'data').then(() => child)
}

async function measure(url: string, cookie: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 }
}

const product = await startServer('covenant', 4601)
const login = await fetch('http://127.0.0.1:4601/api/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'demo@covenant.app', password: DEMO_PASSWORD }),
})
const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!

const rows: { name: string; requestsPerSecond: number; p99Ms: number }[] = []
for (const [name, kind, port, path] of [
  ['raw node:http', 'raw', 4602, '/api/auth/user'],
  ['express', 'express', 4603, '/api/auth/user'],
] as const) {
  const server = await startServer(kind, port)
  rows.push({ name, ...(await measure(`http://127.0.0.1:${port}${path}`, cookie)) })
  server.kill()
}
rows.push({ name: 'covenant REST', ...(await measure('http://127.0.0.1:4601/api/auth/user', cookie)) })
rows.push({ name: 'covenant tRPC', ...(await measure('http://127.0.0.1:4601/trpc/auth.user', cookie)) })
product.kill()

const baseline = rows[0]!.requestsPerSecond
console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, GET current user with a session cookie\n`)
console.table(
  rows.map((row) => ({
    server: row.name,
    'req/s': Math.round(row.requestsPerSecond),
    'p99 ms': row.p99Ms,
    'vs raw': `${((row.requestsPerSecond / baseline) * 100).toFixed(0)}%`,
  })),
)
