import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { eq } from 'drizzle-orm'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { DEMO_PASSWORD, seedDemoMembers } from '#server/seed/index.ts'

/**
 * The member-facing reads that grow with the community, on a database of 100,000 members against
 * the same reads on the 300-member demo database, in one run: the ratio is what to compare.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10
const LARGE = Number(process.env.BENCH_MEMBERS ?? 100_000)

const paths = [
  ['discover, anywhere', '/api/profiles/discover'],
  ['discover, within 50 miles, 26-35', '/api/profiles/discover?location=within-50&ageMin=26&ageMax=35'],
  ['discover, same state', '/api/profiles/discover?location=same-state'],
  ['quantum matches', '/api/matches/quantum?limit=20'],
] as const

async function seededDatabase(count: number): Promise<string> {
  const url = `file:${join(mkdtempSync(join(tmpdir(), 'covenant-scale-')), 'bench.db')}`
  const database = await openDatabase(url)
  await migrateDatabase(database.db)
  await seedDemoMembers(database.db, { count })
  // Premium: the free tier's daily quantum allowance would otherwise answer 429 after five.
  await database.db.update(users).set({ plan: 'premium' }).where(eq(users.email, 'demo@covenant.app'))
  database.close()
  return url
}

function startServer(port: number, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/servers.ts', 'covenant', String(port), databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BROWSE_REQUESTS_PER_MINUTE: '100000000' },
  })
  return once(child.stdout!, 'data').then(() => child)
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@covenant.app', password: DEMO_PASSWORD }),
  })
  return login.headers.getSetCookie()[0]!.split(';')[0]!
}

async function measure(base: string, path: string, cookie: string) {
  const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 }
}

async function measureAll(members: number, port: number) {
  const server = await startServer(port, await seededDatabase(members))
  try {
    const base = `http://127.0.0.1:${port}`
    const cookie = await signIn(base)
    const results = []
    for (const [name, path] of paths) results.push({ name, ...(await measure(base, path, cookie)) })
    return results
  } finally {
    server.kill()
  }
}

const small = await measureAll(300, 4611)
const large = await measureAll(LARGE, 4612)

console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, signed in as a premium member\n`)
console.table(
  large.map((row, index) => ({
    read: row.name,
    'req/s, 300': Math.round(small[index]!.requestsPerSecond),
    [`req/s, ${LARGE}`]: Math.round(row.requestsPerSecond),
    [`p99 ms, ${LARGE}`]: row.p99Ms,
    'vs 300': `${((row.requestsPerSecond / small[index]!.requestsPerSecond) * 100).toFixed(0)}%`,
  })),
)
