import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { seedDemoMembers } from '#server/seed/index.ts'
import { measure as measureWith, signIn, startServer as startServerOn } from './harness.ts'

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

const startServer = (kind: string, port: number) => startServerOn(kind, port, databaseUrl)
const measure = (url: string, cookie: string) => measureWith(url, cookie, CONNECTIONS, DURATION_S)

const product = await startServer('covenant', 4601)
const cookie = await signIn('http://127.0.0.1:4601')

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
