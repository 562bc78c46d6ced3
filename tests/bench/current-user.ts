import {
  MEMBERS,
  machine,
  measureInTurns,
  memberSessions,
  ratio,
  recordResults,
  report,
  type Server,
  SIGNED_IN,
  seededDatabase,
  startServer,
  warmUp,
} from './harness.ts'

/**
 * The current user (session lookup, then the member's row) over the product's REST path and tRPC,
 * against a bare node:http handler and an Express 5 handler running the same two queries on the same
 * client, each request from the next of 200 signed-in members.
 */
const CONNECTIONS = 50

export async function currentUserBench() {
  const databaseUrl = await seededDatabase()
  const { cookies, warmingCookies } = await memberSessions(databaseUrl)
  const startMachine = machine()
  const servers: Server[] = []
  let rows: { server: string; requestsPerSecond: number; p99Ms: number }[]
  try {
    for (const [kind, port, paths] of [
      ['raw', 4601, ['/api/auth/user']],
      ['express', 4602, ['/api/auth/user']],
      ['covenant', 4603, ['/api/auth/user', '/trpc/auth.user']],
    ] as const) {
      const server = await startServer(kind, port, databaseUrl)
      servers.push(server)
      await warmUp(server, [...paths], warmingCookies)
    }
    const [raw, express, product] = servers as [Server, Server, Server]
    const figures = await measureInTurns(
      [
        { name: 'raw node:http', url: `${raw.url}/api/auth/user` },
        { name: 'express', url: `${express.url}/api/auth/user` },
        { name: 'covenant REST', url: `${product.url}/api/auth/user` },
        { name: 'covenant tRPC', url: `${product.url}/trpc/auth.user` },
      ],
      { cookies, connections: CONNECTIONS },
    )
    rows = [...figures].map(([server, load]) => ({ server, requestsPerSecond: load.requestsPerSecond, p99Ms: load.p99Ms }))
  } finally {
    for (const server of servers) await server.stop()
  }

  const raw = rows[0]!.requestsPerSecond
  const results = rows.map((row) => ({
    server: row.server,
    requestsPerSecond: Math.round(row.requestsPerSecond),
    p99Ms: row.p99Ms,
    vsRaw: ratio(row.requestsPerSecond, raw),
    ...(row.server.startsWith('covenant') ? { pass: { 'vs raw ≥ 0.85': row.requestsPerSecond / raw >= 0.85 } } : {}),
  }))
  recordResults('currentUser', {
    members: MEMBERS,
    signedInMembers: SIGNED_IN,
    connections: CONNECTIONS,
    machine: { start: startMachine, end: machine() },
    results,
  })
  report(
    `GET current user, ${CONNECTIONS} connections, ${SIGNED_IN} signed-in members in rotation`,
    results.map((row) => ({
      server: row.server,
      'req/s': row.requestsPerSecond,
      'p99 ms': row.p99Ms,
      'vs raw': row.vsRaw,
      pass: row.pass ? (Object.values(row.pass).every(Boolean) ? 'yes' : 'no') : '',
    })),
  )
}
