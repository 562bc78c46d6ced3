import { sql } from 'drizzle-orm'
import { openDatabase } from '#db/client.ts'
import { DEMO_PASSWORD } from '#server/seed/index.ts'
import {
  type Load,
  MEMBERS,
  machine,
  measureInTurns,
  ratio,
  recordResults,
  report,
  SIGNED_IN,
  seededDatabase,
  startServer,
} from './harness.ts'

/**
 * Signing in (`POST /api/login`) as the next of 200 members, against the argon2id check alone with
 * the product's parameters behind a bare node:http handler, at the same concurrency: the hash is the
 * cost, so the rest of sign-in should add little to it.
 */
const CONNECTIONS = 10

export async function loginBench() {
  const databaseUrl = await seededDatabase()
  const database = await openDatabase(databaseUrl)
  const emails = await database.db
    .all<{ email: string }>(sql`select email from users order by random() limit ${SIGNED_IN}`)
    .finally(() => database.close())
  const bodies = emails.map(({ email }) => JSON.stringify({ email, password: DEMO_PASSWORD }))
  const startMachine = machine()

  // Both up at once, idle but for the one being measured, so the turns can alternate.
  const hashAlone = await startServer('argon2', 4621, databaseUrl)
  const product = await startServer('covenant', 4622, databaseUrl).catch(async (error: unknown) => {
    await hashAlone.stop()
    throw error
  })
  let figures: Map<string, Load>
  try {
    figures = await measureInTurns(
      [
        { name: 'hash alone', url: `${hashAlone.url}/` },
        { name: 'login', url: `${product.url}/api/login` },
      ],
      { method: 'POST', bodies, connections: CONNECTIONS },
    )
  } finally {
    await Promise.all([hashAlone.stop(), product.stop()])
  }
  const alone = figures.get('hash alone')!
  const login = figures.get('login')!

  const vsHash = ratio(login.requestsPerSecond, alone.requestsPerSecond)
  const results = {
    login: { requestsPerSecond: Math.round(login.requestsPerSecond * 10) / 10, p99Ms: login.p99Ms },
    hashAlone: { requestsPerSecond: Math.round(alone.requestsPerSecond * 10) / 10, p99Ms: alone.p99Ms },
    vsHashAlone: vsHash,
    pass: { 'vs the hash alone ≥ 0.9': login.requestsPerSecond >= 0.9 * alone.requestsPerSecond },
  }
  recordResults('login', {
    members: MEMBERS,
    accounts: SIGNED_IN,
    connections: CONNECTIONS,
    argon2: 'argon2id m=19456 t=2 p=1',
    machine: { start: startMachine, end: machine() },
    results,
  })
  report(`POST /api/login, ${CONNECTIONS} connections, ${SIGNED_IN} accounts in rotation`, [
    { server: 'argon2id verify alone', 'req/s': results.hashAlone.requestsPerSecond, 'p99 ms': alone.p99Ms, 'vs hash': 1 },
    {
      server: 'covenant POST /api/login',
      'req/s': results.login.requestsPerSecond,
      'p99 ms': login.p99Ms,
      'vs hash': vsHash,
      pass: results.pass['vs the hash alone ≥ 0.9'] ? 'yes' : 'no',
    },
  ])
}
