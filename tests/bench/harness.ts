import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { eq, sql } from 'drizzle-orm'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts'
import { DEMO_PASSWORD, seedDemoMembers } from '#server/seed/index.ts'

/**
 * A fresh database of `count` demo members (with their interviews), some on each paid plan as a
 * live service would have them, the demo woman on a paid plan.
 */
export async function seededDatabase(count: number): Promise<string> {
  const url = `file:${join(mkdtempSync(join(tmpdir(), 'covenant-scale-')), 'bench.db')}`
  const database = await openDatabase(url)
  await migrateDatabase(database.db)
  await seedDemoMembers(database.db, { count })
  await database.db.run(sql`update ${users} set ${sql.identifier('plan')} = case
    when rowid % 100 < 1 then 'millionaire' when rowid % 100 < 4 then 'elite' when rowid % 100 < 12 then 'premium' else 'free' end`)
  // Premium: the free tier's daily quantum allowance would otherwise answer 429 after five.
  await database.db.update(users).set({ plan: 'premium' }).where(eq(users.email, 'demo@covenant.app'))
  // The seed's writes sit in the write-ahead log until checkpointed; readers would wade through them.
  await database.db.run(sql`pragma wal_checkpoint(truncate)`)
  database.close()
  return url
}

/** One server per process (tests/bench/servers.ts), so the load generator never shares its event loop. */
export function startServer(kind: string, port: number, databaseUrl: string, ...extra: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/servers.ts', kind, String(port), databaseUrl, ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BROWSE_REQUESTS_PER_MINUTE: '100000000' },
  })
  return once(child.stdout!, 'data').then(() => child)
}

export async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@covenant.app', password: DEMO_PASSWORD }),
  })
  return login.headers.getSetCookie()[0]!.split(';')[0]!
}

/** A session for the demo woman written straight to the database, for bare handlers that have no sign-in route. */
export async function demoSessionCookie(databaseUrl: string): Promise<string> {
  const database = await openDatabase(databaseUrl)
  try {
    const [demo] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@covenant.app'))
    const { token } = await createSession(database.db, demo!.id, { idleDays: 14, absoluteDays: 60 }, 'bench')
    return `${SESSION_COOKIE}=${token}`
  } finally {
    database.close()
  }
}

export async function measure(url: string, cookie: string, connections: number, durationS: number) {
  const result = await autocannon({ url, connections, duration: durationS, headers: { cookie } })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 }
}
