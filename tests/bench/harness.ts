import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import autocannon from 'autocannon'
import { eq, sql } from 'drizzle-orm'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { SERVING_V8_FLAGS } from '#server/app-processes.ts'
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts'
import { seedDemoMembers } from '#server/seed/index.ts'
import { startRedis } from '#tests/support/redis.ts'
// @ts-expect-error: a plain-JavaScript build script, run by `npm run build` without TypeScript.
import { buildServer } from '../../scripts/build-server.mjs'

/** Every bench runs on the same community: 100,000 demo members unless BENCH_MEMBERS says otherwise. */
export const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000)
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
/** Requests rotate through this many signed-in members, so no per-member cache flatters a figure. */
export const SIGNED_IN = Number(process.env.BENCH_SESSIONS ?? 200)
/** Other members, who warm each server up before it is measured, so the measured ones arrive cold. */
const WARMING = 20
const SEED_CACHE_DIR = process.env.BENCH_CACHE_DIR ?? tmpdir()
const RESULTS_FILE = 'bench/results.json'
const policy = { idleDays: 14, absoluteDays: 60 }

const migrationCount = () => readdirSync('db/migrations').filter((name) => name.endsWith('.sql')).length

/**
 * A copy, for this run alone, of a database of `count` demo members (with their interviews), some on
 * each paid plan as a live service would have them, with likes, matches and conversations among them.
 * Seeding 100,000 takes minutes, so the seeded file is kept under the temporary directory, keyed by
 * member count and migration count, and built afresh when missing.
 */
export async function seededDatabase(count = MEMBERS): Promise<string> {
  const cached = join(SEED_CACHE_DIR, `covenant-bench-${count}-members-${migrationCount()}-migrations.db`)
  if (!existsSync(cached)) {
    const building = `${cached}.${process.pid}.building`
    rmSync(building, { force: true })
    const started = performance.now()
    console.log(`Seeding ${count} members into ${cached} (built once, then reused)…`)
    await seedInto(`file:${building}`, count)
    renameSync(building, cached)
    for (const leftover of ['-wal', '-shm']) rmSync(`${building}${leftover}`, { force: true })
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }
  const dir = mkdtempSync(join(tmpdir(), 'covenant-bench-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  const copy = join(dir, 'bench.db')
  copyFileSync(cached, copy)
  return `file:${copy}`
}

async function seedInto(url: string, count: number) {
  const database = await openDatabase(url)
  await migrateDatabase(database.db)
  await seedDemoMembers(database.db, { count })
  await database.db.run(sql`update ${users} set ${sql.identifier('plan')} = case
    when rowid % 100 < 1 then 'millionaire' when rowid % 100 < 4 then 'elite' when rowid % 100 < 12 then 'premium' else 'free' end`)
  // Premium: the free tier's daily quantum allowance would otherwise answer 429 after five.
  await database.db.update(users).set({ plan: 'premium' }).where(eq(users.email, 'demo@covenant.app'))
  await seedActivity(database.client)
  // The seed's writes sit in the write-ahead log until checkpointed; readers would wade through them.
  await database.db.run(sql`pragma wal_checkpoint(truncate)`)
  database.close()
}

/**
 * Likes, matches and conversations as a live community has them: each member has liked three members
 * of the other sex, a quarter of the men's likes are returned, and each returned like is a match with
 * a conversation of four messages. Spread by rowid arithmetic, so the same count seeds the same shape.
 */
async function seedActivity(client: Awaited<ReturnType<typeof openDatabase>>['client']) {
  const now = Date.now()
  const day = 86_400_000
  await client.batch(
    [
      `create temp table men as select row_number() over (order by rowid) - 1 as n, user_id as id from profiles where gender = 'man'`,
      `create temp table women as select row_number() over (order by rowid) - 1 as n, user_id as id from profiles where gender = 'woman'`,
      `create temp table picks as select 0 as k union all select 1 union all select 2`,
      `insert or ignore into likes (sender_id, receiver_id, created_at)
         select m.id, w.id, ${now} - (m.n % 60) * ${day} from men m, picks p
         join women w on w.n = (m.n * 7 + p.k * 1013) % (select count(*) from women)`,
      `insert or ignore into likes (sender_id, receiver_id, created_at)
         select w.id, m.id, ${now} - (w.n % 60) * ${day} from women w, picks p
         join men m on m.n = (w.n * 11 + p.k * 2027 + 1) % (select count(*) from men)`,
      // The returned likes: a quarter of the men's first likes.
      `insert or ignore into likes (sender_id, receiver_id, created_at)
         select w.id, m.id, ${now} - (m.n % 30) * ${day} from men m
         join women w on w.n = (m.n * 7) % (select count(*) from women) where m.n % 4 = 0`,
      `create temp table pairs as select m.id as man, w.id as woman, ${now} - (m.n % 30) * ${day} as at,
         lower(hex(randomblob(16))) as match_id, lower(hex(randomblob(16))) as conversation_id
         from men m join women w on w.n = (m.n * 7) % (select count(*) from women) where m.n % 4 = 0`,
      `insert into matches (id, user_low_id, user_high_id, created_at)
         select match_id, min(man, woman), max(man, woman), at from pairs`,
      `insert into conversations (id, match_id, participant1_id, participant2_id, created_at, last_message_at)
         select conversation_id, match_id, man, woman, at, at + 3 * 3600000 from pairs`,
      `insert into messages (id, conversation_id, sender_id, content, message_type, created_at, delivered_at, read_at)
         select lower(hex(randomblob(16))), conversation_id, case when p.k % 2 = 0 then man else woman end,
           'Hello! I read your profile and would love to hear more about your church.', 'text',
           at + p.k * 3600000, at + p.k * 3600000, at + p.k * 3600000
         from pairs, (select 0 as k union all select 1 union all select 2 union all select 3) p`,
    ],
    'write',
  )
}

/**
 * Sessions written straight to the database for `count` random members who can use quantum
 * matching, and for WARMING others who warm servers up.
 */
export async function memberSessions(databaseUrl: string, count = SIGNED_IN) {
  const database = await openDatabase(databaseUrl)
  try {
    const members = await database.db.all<{ id: string }>(sql`select users.id as id from users
      where plan <> 'free' and exists (select 1 from interviews where interviews.user_id = users.id)
      order by random() limit ${count + WARMING}`)
    const cookies: string[] = []
    for (const { id } of members) {
      const { token } = await createSession(database.db, id, policy, 'bench')
      cookies.push(`${SESSION_COOKIE}=${token}`)
    }
    return { cookies: cookies.slice(WARMING), warmingCookies: cookies.slice(0, WARMING) }
  } finally {
    database.close()
  }
}

/** A request that a server closing an idle kept-alive connection at that moment cuts off is asked again. */
async function firstAnswer(url: string, cookie: string, attempts = 3): Promise<Response> {
  try {
    return await fetch(url, { headers: { cookie, connection: 'close' } })
  } catch (error) {
    if (attempts <= 1) throw error
    return firstAnswer(url, cookie, attempts - 1)
  }
}

/**
 * Before a server is measured: each path once, however long the first answer takes (a cache built on
 * first use), then two seconds of load, all by the warming members: every server gets the same.
 */
export async function warmUp(server: Server, paths: string[], cookies: string[]) {
  for (const path of paths) {
    const answer = await firstAnswer(`${server.url}${path}`, cookies[0]!)
    if (!answer.ok) throw new Error(`${server.url}${path}: ${answer.status} while warming up`)
    await measure(`${server.url}${path}`, { cookies, connections: 10, durationS: 2 })
  }
}

export interface Server {
  child: ChildProcess
  url: string
  /** Resident memory of the server process in MB, read from /proc. */
  rssMb(): number
  stop(): Promise<void>
}

/**
 * The environment every bench server gets: logs at warn, so logging does not weigh on the figures,
 * and the limits on one address's browsing and sign-ins far above the load, as every bench request
 * comes from loopback.
 */
const serverEnv = (extra: Record<string, string> = {}) => ({
  ...process.env,
  LOG_LEVEL: 'warn',
  BROWSE_REQUESTS_PER_MINUTE: '100000000',
  LOGIN_ATTEMPTS_PER_IP: '100000000',
  NODE_ENV: 'production',
  ...extra,
})

function running(child: ChildProcess, port: number): Promise<Server> {
  child.stdout!.on('data', () => {})
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`server on ${port} exited with ${code} before it was ready`)
  })
  const url = `http://127.0.0.1:${port}`
  const ready = (async () => {
    for (;;) {
      const answered = await fetch(`${url}/api/auth/user`).then(
        () => true,
        () => false,
      )
      if (answered) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  return Promise.race([ready, exited]).then(() => ({
    child,
    url,
    rssMb: () => residentMb(child.pid!),
    stop: async () => {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }))
}

export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

let compiledServers: Promise<string> | undefined

/**
 * tests/bench/servers.ts compiled as `npm run build` compiles the product (scripts/build-server.mjs),
 * once per run, into dist/bench: the product runs on plain `node` as it does in production, and the
 * bare handlers beside it run the same way.
 */
export function benchServers(): Promise<string> {
  if (!compiledServers) {
    const built: Promise<Record<string, string>> = buildServer(resolve('dist/bench'), { servers: 'tests/bench/servers.ts' })
    compiledServers = built.then(({ servers }) => servers!)
  }
  return compiledServers
}

/**
 * How many processes each server runs, sharing its port as `APP_PROCESSES` runs the product: one per
 * core unless BENCH_PROCESSES says otherwise. The bare handlers run as many, so a ratio compares
 * like with like.
 */
export const PROCESSES = Number(process.env.BENCH_PROCESSES ?? availableParallelism())

let benchRedis: Promise<string> | undefined

/** One Redis for the run, for the product's processes to share their realtime events through. */
function redisUrl(): Promise<string> {
  benchRedis ??= startRedis().then(({ url, server }) => {
    // It neither keeps the run alive nor outlives it.
    server.stdout!.destroy()
    server.unref()
    process.once('exit', () => server.kill())
    return url
  })
  return benchRedis
}

/**
 * A server of tests/bench/servers.ts in a process of its own (or `processes` sharing its port), so
 * the load generator never shares its event loop. Each runs with the V8 flags `npm start` gives the
 * product, one process or several (which get them from their primary as well).
 */
export async function startServer(kind: string, port: number, databaseUrl: string, { processes = PROCESSES } = {}): Promise<Server> {
  const shared: Record<string, string> = processes > 1 ? { APP_PROCESSES: String(processes), REDIS_URL: await redisUrl() } : {}
  const child = spawn(process.execPath, [...SERVING_V8_FLAGS, await benchServers(), kind, String(port), databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: serverEnv(shared),
  })
  return running(child, port)
}

/** The commit whose Discover and quantum matching are "today's implementation" in the bars. */
export const BASELINE_COMMIT = '2e6f970'
const BASELINE_TREE = process.env.BENCH_BASELINE_TREE ?? join(tmpdir(), 'covenant-baseline')

/**
 * A copy of the bench's database for today's implementation, with the indexes its migrations made
 * and a later one dropped (0016: nothing reads them now): its Discover walked the members in SQL by
 * their last activity through them. A copy of its own, so the product's writes do not pay for them.
 */
export async function baselineDatabase(databaseUrl: string): Promise<string> {
  const file = databaseUrl.slice('file:'.length)
  const copy = file.replace(/\.db$/, '-baseline.db')
  for (const suffix of ['', '-wal']) if (existsSync(`${file}${suffix}`)) copyFileSync(`${file}${suffix}`, `${copy}${suffix}`)
  const database = await openDatabase(`file:${copy}`)
  try {
    await database.db.run(sql`create index if not exists users_last_active_idx on users (last_active_at)`)
    await database.db.run(sql`create index if not exists users_discover_idx on users (status, last_active_at, id)`)
  } finally {
    database.close()
  }
  return `file:${copy}`
}

/**
 * The product as it was at BASELINE_COMMIT, its own server on the given database (`baselineDatabase`):
 * a git worktree outside this tree, installed once. Its migrator finds every one of its migrations
 * applied (the database carries today's) and changes nothing.
 */
export function startBaselineServer(port: number, databaseUrl: string): Promise<Server> {
  if (!existsSync(join(BASELINE_TREE, 'node_modules'))) {
    if (!existsSync(BASELINE_TREE))
      execFileSync('git', ['worktree', 'add', '--detach', BASELINE_TREE, BASELINE_COMMIT], { stdio: 'inherit' })
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: BASELINE_TREE, stdio: 'inherit' })
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: BASELINE_TREE,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: serverEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      UPLOADS_DIR: join(dirname(databaseUrl.slice(5)), 'uploads'),
    }),
  })
  return running(child, port)
}

export interface Load {
  requestsPerSecond: number
  p95Ms: number
  p99Ms: number
  /** Requests answered 2xx. */
  requests: number
  /** Requests that failed (a connection error, a timeout or a non-2xx answer), for a target whose failures count. */
  failed: number
}

interface LoadOptions {
  cookies?: string[]
  bodies?: string[]
  method?: 'GET' | 'POST'
  connections: number
  durationS?: number
}

/**
 * autocannon against one URL, each request from the next of `cookies` in turn (and with the next of
 * `bodies`, when given). Any non-2xx answer or error fails the bench (a fast 401 is no figure), unless
 * `failuresCounted`: a baseline that drops connections under load has only its answers counted.
 */
async function load(url: string, options: LoadOptions, failuresCounted = false) {
  const cookies = options.cookies ?? []
  const bodies = options.bodies ?? []
  let next = 0
  // autocannon's histogram has no p95, so percentiles come from every response's own time.
  const times: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.durationS ?? DURATION_S,
        // A slow baseline is measured, not cut off.
        timeout: 60,
        method: options.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => {
              const i = next++
              return {
                ...request,
                headers: { ...request.headers, ...(cookies.length ? { cookie: cookies[i % cookies.length]! } : {}) },
                ...(bodies.length ? { body: bodies[i % bodies.length]! } : {}),
              }
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  })
  // autocannon's errors include its timeouts.
  const failed = result.non2xx + result.errors
  if (failed > 0 && !failuresCounted) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`)
  }
  return { times, requests: result['2xx'], failed, durationS: result.duration }
}

const summary = ({ times, requests, failed, durationS }: Awaited<ReturnType<typeof load>>): Load => ({
  // The total over the duration: autocannon's average of per-second counts rounds a slow server's to nothing.
  requestsPerSecond: requests / durationS,
  p95Ms: percentile(times, 0.95),
  p99Ms: percentile(times, 0.99),
  requests,
  failed,
})

export async function measure(url: string, options: LoadOptions): Promise<Load> {
  return summary(await load(url, options))
}

/** How many turns each target of a comparison gets, BENCH_SECONDS each. */
const TURNS = Number(process.env.BENCH_TURNS ?? 3)

/** Busy share of all cores (0–1) below which the machine counts as quiet, and how long a turn waits for it at most. */
const QUIET_BELOW = 0.1
const QUIET_WAIT_MS = 30_000

/** The machine's busy and total CPU time so far, from /proc/stat's first line (all cores). */
function cpuTimes() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number)
  const total = fields.reduce((sum, value) => sum + value, 0)
  // idle and iowait are the fourth and fifth fields.
  return { busy: total - fields[3]! - fields[4]!, total }
}

/**
 * Waits until the machine has been quiet for a moment. A slow server (today's implementation takes
 * seconds a page within 50 miles) still works through the requests in flight when its turn ends, so
 * the next turn would otherwise share the cores with that backlog.
 */
async function machineQuiet() {
  const deadline = Date.now() + QUIET_WAIT_MS
  let before = cpuTimes()
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const now = cpuTimes()
    const busy = (now.busy - before.busy) / Math.max(1, now.total - before.total)
    if (busy < QUIET_BELOW) return
    before = now
  }
}

/**
 * A comparison on a shared machine: the targets take turns, in one order then the reverse (A, B, C,
 * C, B, A, A, B, C, …), so load from elsewhere that comes and goes falls on all of them alike, and no
 * target always follows the same one: two paths of one server would otherwise always meet it in the
 * same state, one straight after idleness and one straight after the other's load. Each figure sums
 * its turns. Each turn starts on a quiet machine, so none inherits the one before it.
 */
export async function measureInTurns(
  targets: { name: string; url: string; failuresCounted?: boolean }[],
  options: LoadOptions,
): Promise<Map<string, Load>> {
  const runs = new Map(targets.map((target) => [target.name, { times: [] as number[], requests: 0, failed: 0, durationS: 0 }]))
  for (let turn = 0; turn < TURNS; turn++) {
    for (const target of turn % 2 === 0 ? targets : targets.toReversed()) {
      await machineQuiet()
      const run = await load(target.url, options, target.failuresCounted)
      const sum = runs.get(target.name)!
      // Not push(...times): hundreds of thousands of arguments overflow the stack.
      sum.times = sum.times.concat(run.times)
      sum.requests += run.requests
      sum.failed += run.failed
      sum.durationS += run.durationS
    }
  }
  return new Map([...runs].map(([name, run]) => [name, summary(run)]))
}

/** The `q` quantile of `values` in ms, to one place (sorts them). */
export function percentile(values: number[], q: number): number {
  values.sort((a, b) => a - b)
  const value = values[Math.min(values.length - 1, Math.floor(q * values.length))]
  return value === undefined ? Number.NaN : Math.round(value * 10) / 10
}

/**
 * `a / b` to two places, for the ratio columns; NaN (null in the results, failing every bar) when the
 * baseline answered nothing in its time, as there is then nothing to compare with.
 */
export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : Number.NaN)

/** The machine, for the results: the load average says how shared it was while a bench ran. */
export const machine = () => ({
  cores: availableParallelism(),
  node: process.version,
  loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
  at: new Date().toISOString(),
})

/**
 * Writes one bench's results under `key` in bench/results.json, keeping every other key (another
 * bench's, and the Lighthouse figures written by another tool).
 */
export function recordResults(key: string, results: unknown) {
  mkdirSync(dirname(RESULTS_FILE), { recursive: true })
  const current = existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>) : {}
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...current, [key]: results }, null, 2)}\n`)
}

/** Prints a bench's table with a title, the way every bench reports. */
export function report(title: string, rows: Record<string, unknown>[]) {
  console.log(`\n${title}\n`)
  console.table(rows)
}
