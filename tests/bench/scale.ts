import { measure, seededDatabase, signIn, startServer } from './harness.ts'

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

async function measureAll(members: number, port: number) {
  const server = await startServer('covenant', port, await seededDatabase(members))
  try {
    const base = `http://127.0.0.1:${port}`
    const cookie = await signIn(base)
    const results = []
    for (const [name, path] of paths) results.push({ name, ...(await measure(`${base}${path}`, cookie, CONNECTIONS, DURATION_S)) })
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
