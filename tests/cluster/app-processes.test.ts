import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, registerCompleteMember } from '#tests/support/http.ts'
import { type AppProcess, Cluster } from './processes.ts'

// `APP_PROCESSES=2 npm start` on one machine: one port, one embedded file, Redis between them.

let cluster: Cluster
let app: AppProcess
const METRICS_TOKEN = 'a-scraper-token-for-the-cluster'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The app processes the primary supervises: its children, as the kernel lists them. */
const appProcesses = () =>
  readFileSync(`/proc/${app.process.pid}/task/${app.process.pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)

/** A request on a connection of its own, as a new visitor's browser opens one. */
const freshRequest = (path: string) => fetch(`${app.url}${path}`, { headers: { connection: 'close' } })

/**
 * `count` requests for `path`, each on a new connection and answered `status`; then the ids of the
 * processes that logged them, once every line is in.
 */
async function servedBy(path: string, count: number, status: number) {
  const from = app.output().length
  for (let i = 0; i < count; i++) expect((await freshRequest(path)).status).toBe(status)
  const lines = () =>
    app
      .output()
      .slice(from)
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { pid: number; path: string })
      .filter((line) => line.path === path)
  const deadline = Date.now() + 2000
  while (lines().length < count && Date.now() < deadline) await sleep(10)
  return new Set(lines().map((line) => line.pid))
}

describe('APP_PROCESSES=2 on one embedded file and one Redis', () => {
  beforeAll(async () => {
    cluster = new Cluster()
    try {
      // An empty file: the primary migrates it once before either process opens it.
      await Promise.all([cluster.shareOneFile({ migrated: false }), cluster.startRedis()])
      app = await cluster.startApp({ APP_PROCESSES: '2', LOG_LEVEL: 'info', METRICS_TOKEN })
    } catch (error) {
      await cluster.stop()
      throw error
    }
  }, 90_000)

  afterAll(() => cluster.stop())

  it('serves one port from two processes, new connections taking turns between them', async () => {
    const processes = appProcesses()
    expect(processes).toHaveLength(2)
    expect(await servedBy('/api/health/ready', 8, 200)).toEqual(new Set(processes))
  })

  it("runs each app process with its young generation's floor and ceiling, without V8's memory reducer and with its old generation's growth bounded (docs/decisions/046, 047, 049)", () => {
    for (const pid of appProcesses()) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      expect(argv).toContain('--min-semi-space-size=16')
      expect(argv).toContain('--no-memory-reducer')
      expect(argv).toContain('--heap-growing-percent=25')
      expect(argv).toContain('--max-semi-space-size=16')
    }
  })

  it('keeps one community: two members registered through the shared port like each other into one match', async () => {
    const [ruth, boaz] = await Promise.all([
      registerCompleteMember(app.url, 'woman', 'Ruth'),
      registerCompleteMember(app.url, 'man', 'Boaz'),
    ])
    for (const [from, to] of [
      [ruth, boaz],
      [boaz, ruth],
    ] as const) {
      const liked = await call(app.url, 'POST', '/api/likes', { cookie: from.cookie, body: { receiverId: to.id } })
      expect(liked.status).toBe(200)
    }
    const matches = await call(app.url, 'GET', '/api/matches', { cookie: ruth.cookie })
    expect(matches.body).toEqual([expect.objectContaining({ id: expect.any(String) })])
  })

  it('answers /metrics for both processes together, whichever of them is scraped', async () => {
    const scrape = async () => {
      const reply = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: 'close' } })
      expect(reply.status).toBe(200)
      const text = await reply.text()
      const count = /covenant_http_request_duration_seconds_count\{route="\/api\/auth\/user",method="GET",status="401"\} (\d+)/.exec(text)
      return { signInChecks: Number(count?.[1] ?? 0), text }
    }
    const before = await scrape()
    expect(await servedBy('/api/auth/user', 10, 401)).toEqual(new Set(appProcesses()))
    // Two scrapes on new connections: one lands on each process.
    for (const { signInChecks, text } of [await scrape(), await scrape()]) {
      expect(signInChecks).toBe(before.signInChecks + 10)
      // The queue is the shared database's: read once, not added up over the processes.
      expect(text.match(/^covenant_job_queue_depth\{state="due"\} \d+$/gm)).toHaveLength(1)
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
    }
  })

  it('replaces a process that dies, and the port keeps answering meanwhile', async () => {
    const [doomed, survivor] = appProcesses() as [number, number]
    process.kill(doomed, 'SIGKILL')
    // Until the primary has seen the exit, node:cluster may still hand it a connection, which is
    // then lost (the handoff's reply never comes); from then on the survivor takes every one.
    const deadline = Date.now() + 10_000
    while (!app.output().includes('an app process exited') && Date.now() < deadline) await sleep(10)
    expect(await servedBy('/api/auth/user', 6, 401)).toEqual(new Set([survivor]))

    while (appProcesses().length < 2 && Date.now() < deadline) await sleep(100)
    expect(appProcesses()).toHaveLength(2)
    const replacement = appProcesses().find((pid) => pid !== survivor)
    expect(replacement).not.toBe(doomed)
    expect(app.output()).toContain('an app process exited; starting another in its place')
    // The replacement takes its turns once it listens.
    let served = new Set<number>()
    while (!served.has(replacement!) && Date.now() < deadline + 10_000) served = await servedBy('/api/auth/user', 4, 401)
    expect(served).toEqual(new Set([survivor, replacement]))
  })

  it('stops every process on SIGTERM and exits 0', async () => {
    const processes = appProcesses()
    const exited = once(app.process, 'exit')
    app.process.kill('SIGTERM')
    const [code] = await exited
    expect(code).toBe(0)
    for (const pid of processes) expect(() => process.kill(pid, 0)).toThrow()
  })
})
