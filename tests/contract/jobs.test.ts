import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#db/client.ts'
import { jobs, rateLimits, sessions } from '#db/schema/index.ts'
import { createMaintenanceHandler, MAINTENANCE_EVERY_MS, type PruneStep, pruneSteps } from '#server/jobs/maintenance.ts'
import {
  claimJob,
  completeJob,
  DEFAULT_BACKOFF,
  enqueueJob,
  type JobInfo,
  jobExists,
  PermanentJobError,
  retryDelayMs,
  scheduleRecurring,
} from '#server/jobs/queue.ts'
import { createJobRunner, type JobHandlers, type JobRunnerOptions } from '#server/jobs/runner.ts'
import { jobFailures } from '#server/metrics.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { testConfig } from '#tests/support/test-config.ts'

/** Kinds made up for these tests: the queue is the same whatever the payloads are. */
interface TestJobs {
  greet: { name: string }
  other: { n: number }
}

const T0 = new Date('2026-05-01T10:00:00Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

const opened: DatabaseHandle[] = []
const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
  for (const handle of opened.splice(0)) handle.close()
})

/** A fresh database file, and a second connection to it when a test plays two processes. */
async function freshDatabase() {
  const { DATABASE_URL } = testConfig()
  const first = await openDatabase(DATABASE_URL)
  await migrateDatabase(first.db)
  opened.push(first)
  return {
    db: first.db,
    url: DATABASE_URL,
    async another() {
      const handle = await openDatabase(DATABASE_URL)
      opened.push(handle)
      return handle.db
    },
  }
}

type Db = Awaited<ReturnType<typeof freshDatabase>>['db']

async function jobRow(db: Db, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id))
  return row!
}

async function enqueue(db: Db, job: { kind?: keyof TestJobs; runAt?: Date; maxAttempts?: number } = {}) {
  const kind = job.kind ?? 'greet'
  const payload = kind === 'greet' ? { name: 'Ruth' } : { n: 1 }
  const [row] = await enqueueJob<TestJobs>(db, { kind, payload, runAt: job.runAt ?? T0, maxAttempts: job.maxAttempts }, T0)
  return row!.id
}

function runner(db: Db, handlers: Partial<JobHandlers<TestJobs>>, options: Partial<JobRunnerOptions<TestJobs>> = {}) {
  return createJobRunner<TestJobs>({
    db,
    handlers: { greet: async () => {}, other: async () => {}, ...handlers },
    runnerId: 'runner-a',
    clock: () => T0,
    ...options,
  })
}

describe('claiming', () => {
  it('takes the earliest due job, leaves future, leased and unknown-kind jobs alone', async () => {
    const { db } = await freshDatabase()
    const later = await enqueue(db, { runAt: at(60_000) })
    const second = await enqueue(db, { runAt: at(-1000) })
    const first = await enqueue(db, { runAt: at(-2000) })
    const other = await enqueue(db, { kind: 'other', runAt: at(-3000) })

    const claim = (runnerId: string) => claimJob(db, { runnerId, kinds: ['greet'], leaseMs: 30_000, now: T0 })
    const a = await claim('a')
    expect(a).toMatchObject({ id: first, kind: 'greet', attempt: 1, lockedBy: 'a', payload: JSON.stringify({ name: 'Ruth' }) })
    expect(await claim('b')).toMatchObject({ id: second, lockedBy: 'b' })
    expect(await claim('c')).toBeNull()

    expect(await jobRow(db, first)).toMatchObject({ lockedBy: 'a', lockedUntil: at(30_000), attempts: 1, status: 'pending' })
    expect(await jobRow(db, later)).toMatchObject({ lockedBy: null, attempts: 0 })
    expect(await jobRow(db, other)).toMatchObject({ lockedBy: null, attempts: 0 })
  })

  it('can be part of the batch of the change it belongs to: both are written, or neither', async () => {
    const { db } = await freshDatabase()
    await db.batch([
      db.insert(rateLimits).values({ key: 'together', windowStart: 0, count: 1 }),
      enqueueJob<TestJobs>(db, { kind: 'greet', payload: { name: 'Boaz' } }),
    ])
    expect(await db.select().from(jobs)).toHaveLength(1)

    await expect(
      db.batch([
        enqueueJob<TestJobs>(db, { kind: 'greet', payload: { name: 'Orpah' } }),
        db.insert(rateLimits).values({ key: 'together', windowStart: 0, count: 1 }),
      ]),
    ).rejects.toThrow()
    expect(await db.select().from(jobs)).toHaveLength(1)
  })
})

describe('running a job', () => {
  it('marks it done, with its payload cleared, after the handler ran once with its payload', async () => {
    const { db } = await freshDatabase()
    const id = await enqueue(db)
    const greet = vi.fn(async () => {})
    const queue = runner(db, { greet })

    expect(await queue.runNext()).toBe(true)
    expect(await queue.runNext()).toBe(false)
    expect(greet).toHaveBeenCalledTimes(1)
    expect(greet).toHaveBeenCalledWith({ name: 'Ruth' }, { id, kind: 'greet', attempt: 1, maxAttempts: 10, createdAt: T0 })
    expect(await jobRow(db, id)).toMatchObject({
      status: 'done',
      payload: '{}',
      finishedAt: T0,
      lockedBy: null,
      lockedUntil: null,
      attempts: 1,
    })
  })

  it('retries a failure later and later, up to the cap, keeping the error', async () => {
    const { db } = await freshDatabase()
    const id = await enqueue(db)
    let now = T0
    let calls = 0
    const queue = runner(
      db,
      {
        greet: async () => {
          calls++
          throw new Error(`the mail server is away (${calls})`)
        },
      },
      { clock: () => now },
    )
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})

    expect(await queue.runNext()).toBe(true)
    expect(await jobRow(db, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      runAt: new Date(T0.getTime() + 15_000),
      lastError: 'Error: the mail server is away (1)',
      lockedBy: null,
    })
    expect(await queue.runNext()).toBe(false)

    now = new Date(T0.getTime() + 15_000)
    expect(await queue.runNext()).toBe(true)
    expect(await jobRow(db, id)).toMatchObject({
      attempts: 2,
      runAt: new Date(now.getTime() + 30_000),
      lastError: 'Error: the mail server is away (2)',
    })
    expect(warned).toHaveBeenCalledTimes(2)
    expect(JSON.parse(String(warned.mock.calls[0]![0]))).toMatchObject({ level: 'warn', job: id, kind: 'greet', attempt: 1 })

    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt))).toEqual([15_000, 30_000, 60_000, 120_000])
    expect(retryDelayMs(30)).toBe(DEFAULT_BACKOFF.maxMs)
  })

  it('is dead after its last attempt and keeps the last error', async () => {
    const { db } = await freshDatabase()
    const id = await enqueue(db, { maxAttempts: 3 })
    let now = T0
    let calls = 0
    const queue = runner(
      db,
      {
        greet: async () => {
          calls++
          throw new Error(`refused, try ${calls}`)
        },
      },
      { clock: () => now, backoff: { baseMs: 1000, maxMs: 1000 } },
    )
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failures = async (outcome: string) =>
      (await jobFailures.get()).values.find((sample) => sample.labels.kind === 'greet' && sample.labels.outcome === outcome)?.value ?? 0
    const before = { retry: await failures('retry'), dead: await failures('dead') }

    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await queue.runNext()).toBe(true)
      now = new Date(now.getTime() + 1000)
    }
    expect(await queue.runNext()).toBe(false)
    expect(calls).toBe(3)
    expect(await jobRow(db, id)).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'Error: refused, try 3',
      finishedAt: new Date(T0.getTime() + 2000),
    })
    expect(logged).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(logged.mock.calls[0]![0]))).toMatchObject({ level: 'error', job: id, err: { message: 'refused, try 3' } })
    // The operator's counter (GET /metrics) saw two failures retried and one kept as dead.
    expect({ retry: await failures('retry'), dead: await failures('dead') }).toEqual({ retry: before.retry + 2, dead: before.dead + 1 })
  })

  it('is dead at once when the handler says retrying cannot help', async () => {
    const { db } = await freshDatabase()
    const id = await enqueue(db)
    const queue = runner(db, {
      greet: async () => {
        throw new PermanentJobError('550 no such mailbox')
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await queue.runNext()
    expect(await jobRow(db, id)).toMatchObject({ status: 'dead', attempts: 1, lastError: 'PermanentJobError: 550 no such mailbox' })
  })
})

describe('a runner that dies mid-job', () => {
  it('loses the job when its lease expires: another runner takes it over, and the late one changes nothing', async () => {
    const { db, another } = await freshDatabase()
    const id = await enqueue(db)
    // Runner A takes the job and its process dies half-way: nothing renews or finishes the claim.
    const dying = await claimJob(db, { runnerId: 'runner-a', kinds: ['greet'], leaseMs: 60_000, now: T0 })
    expect(dying?.id).toBe(id)

    // After a restart, runner B (another connection, like another process) waits out the lease.
    const greet = vi.fn(async (_payload: TestJobs['greet'], _job: JobInfo) => {})
    const restarted = runner(await another(), { greet }, { runnerId: 'runner-b', clock: () => at(59_000) })
    expect(await restarted.runNext()).toBe(false)
    const later = runner(await another(), { greet }, { runnerId: 'runner-b', clock: () => at(61_000) })
    expect(await later.runNext()).toBe(true)
    expect(greet).toHaveBeenCalledTimes(1)
    expect(greet.mock.calls[0]![1]).toMatchObject({ id, attempt: 2 })
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2 })

    // Were A only slow, not dead, its late report finds the claim gone and records nothing.
    expect(await completeJob(db, dying!, at(62_000))).toBe(false)
  })

  it('keeps its lease while the handler is still working', async () => {
    const { db, another } = await freshDatabase()
    const id = await enqueue(db, { runAt: new Date(Date.now() - 1000) })
    let release: () => void = () => {}
    const started = new Promise<void>((resolve) => {
      release = resolve
    })
    let finish: () => void = () => {}
    const slow = runner(
      db,
      {
        greet: () => {
          release()
          return new Promise<void>((resolve) => {
            finish = resolve
          })
        },
      },
      { leaseMs: 150, clock: () => new Date() },
    )
    const running = slow.runNext()
    await started
    await new Promise((resolve) => setTimeout(resolve, 400))
    const rival = runner(await another(), {}, { runnerId: 'runner-b', clock: () => new Date() })
    expect(await rival.runNext()).toBe(false)
    finish()
    await running
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 1 })
  })

  it('warns when a runner finishes a job another runner has taken over', async () => {
    const { db, another } = await freshDatabase()
    await enqueue(db)
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const late = runner(db, {
      // Slow past its lease: meanwhile runner B takes the job over and finishes it.
      greet: async () => void (await runner(await another(), {}, { runnerId: 'runner-b', clock: () => at(61_000) }).runNext()),
    })
    expect(await late.runNext()).toBe(true)
    expect(warned.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toEqual(['job finished after another runner took it over'])
  })

  it('tells a job deleted with its member’s account from one taken over: no warning', async () => {
    const harness = await contractHarness()
    const ruth = await harness.member({ email: 'ruth@example.com' })
    // A job about Ruth, as her emails and reminders are: her account's deletion removes it.
    const [job] = await enqueueJob<TestJobs>(harness.db, { kind: 'greet', payload: { name: ruth.user.id } })
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {})
    const deleting = runner(harness.db, { greet: async () => void (await ruth.api.account.remove()) }, { clock: () => new Date() })
    expect(await deleting.runNext()).toBe(true)
    expect(await jobExists(harness.db, job!.id)).toBe(false)
    await new Promise((resolve) => setImmediate(resolve))
    expect(warned).not.toHaveBeenCalled()
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)) as { msg: string; job: string })
    expect(lines).toContainEqual(
      expect.objectContaining({ job: job!.id, msg: "job finished after it was deleted with its member's account" }),
    )
    harness.close()
  })

  it('gives up on a job that took down its runner on every attempt, without running it again', async () => {
    const { db } = await freshDatabase()
    const id = await enqueue(db, { maxAttempts: 2 })
    await claimJob(db, { runnerId: 'crashed-1', kinds: ['greet'], leaseMs: 1000, now: T0 })
    await claimJob(db, { runnerId: 'crashed-2', kinds: ['greet'], leaseMs: 1000, now: at(2000) })
    const greet = vi.fn(async () => {})
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await runner(db, { greet }, { clock: () => at(4000) }).runNext()).toBe(true)
    expect(greet).not.toHaveBeenCalled()
    expect(await jobRow(db, id)).toMatchObject({ status: 'dead', lastError: 'Its runner stopped before finishing it, on every attempt' })
    expect(logged).toHaveBeenCalledTimes(1)
  })
})

describe('a started runner', () => {
  it('runs a job enqueued in its process at once, without waiting for its next poll', async () => {
    const { db } = await freshDatabase()
    const ran = new Promise<string>((resolve) => {
      const queue = runner(db, { greet: async ({ name }) => resolve(name) }, { idlePollMs: 60_000, clock: () => new Date() })
      queue.start()
      stops.push(queue.stop)
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const started = Date.now()
    await enqueueJob<TestJobs>(db, { kind: 'greet', payload: { name: 'Naomi' } })
    expect(await ran).toBe('Naomi')
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('waits, when stopped, for the job in flight to finish and be recorded', async () => {
    const { db } = await freshDatabase()
    const id = await enqueue(db, { runAt: new Date(Date.now() - 1000) })
    let began: () => void = () => {}
    const beganRunning = new Promise<void>((resolve) => {
      began = resolve
    })
    const queue = runner(
      db,
      {
        greet: async () => {
          began()
          await new Promise((resolve) => setTimeout(resolve, 200))
        },
      },
      { idlePollMs: 10, clock: () => new Date() },
    )
    queue.start()
    await beganRunning
    await queue.stop()
    expect(await jobRow(db, id)).toMatchObject({ status: 'done' })
  })
})

describe('two runners on one database', () => {
  it('never run one job twice, racing over many jobs from two processes', async () => {
    const { db, url } = await freshDatabase()
    const total = 400
    const ids = new Set<string>()
    for (let i = 0; i < total; i += 100) {
      const batch = Array.from({ length: 100 }, () =>
        enqueueJob<{ race: { n: number } }>(db, { kind: 'race', payload: { n: i } }, at(-60_000)),
      )
      const results = await db.batch(batch as [(typeof batch)[number], ...(typeof batch)[number][]])
      for (const [row] of results) ids.add(row!.id)
    }

    const worker = fileURLToPath(new URL('../support/job-race-worker.ts', import.meta.url))
    const workers = [0, 1].map(() => {
      const child = spawn(process.execPath, ['--import', 'tsx', worker, url, 'count'], { stdio: ['pipe', 'pipe', 'inherit'] })
      child.on('error', () => {})
      child.stdin!.on('error', () => {})
      let output = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
      })
      const ready = new Promise<void>((resolve) => {
        child.stdout!.on('data', () => output.includes('ready\n') && resolve())
      })
      const result = once(child, 'exit').then(() => JSON.parse(output.split('\n')[1]!) as { runner: string; ran: string[] })
      return { child, ready, result }
    })
    await Promise.all(workers.map((w) => w.ready))
    for (const w of workers) w.child.stdin!.end('go\n')
    const results = await Promise.all(workers.map((w) => w.result))

    const runs = new Map<string, number>()
    for (const { ran } of results) for (const id of ran) runs.set(id, (runs.get(id) ?? 0) + 1)
    expect(runs.size).toBe(total)
    expect([...runs.keys()].every((id) => ids.has(id))).toBe(true)
    expect(Math.max(...runs.values())).toBe(1)
    // Both took part: the race was real.
    for (const { ran } of results) expect(ran.length).toBeGreaterThan(total / 10)
    const done = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'done'))
    expect(done).toHaveLength(total)
  }, 60_000)
})

describe('maintenance', () => {
  it('prunes expired sessions, old rate-limit rows and long-finished jobs, and runs the steps added to it', async () => {
    const harness = await contractHarness()
    const { db, config } = harness
    const ruth = await harness.member({ email: 'ruth@example.com' })
    const now = new Date()
    const day = 86_400_000
    await db.insert(sessions).values([
      {
        id: 'expired',
        userId: ruth.user.id,
        createdAt: new Date(now.getTime() - 61 * day),
        lastSeenAt: new Date(now.getTime() - day),
        expiresAt: new Date(now.getTime() - day),
      },
      {
        id: 'idle',
        userId: ruth.user.id,
        createdAt: new Date(now.getTime() - 20 * day),
        lastSeenAt: new Date(now.getTime() - 15 * day),
        expiresAt: new Date(now.getTime() + day),
      },
    ])
    await db.insert(rateLimits).values([
      { key: 'old', windowStart: now.getTime() - 8 * day, count: 3 },
      { key: 'recent', windowStart: now.getTime() - 60_000, count: 3 },
    ])
    const finished = async (status: 'done' | 'dead', daysAgo: number) => {
      const [row] = await enqueueJob<TestJobs>(db, { kind: 'greet', payload: { name: status } })
      await db
        .update(jobs)
        .set({ status, finishedAt: new Date(now.getTime() - daysAgo * day) })
        .where(eq(jobs.id, row!.id))
      return row!.id
    }
    const oldDone = await finished('done', 8)
    const recentDone = await finished('done', 1)
    const deadTenDays = await finished('dead', 10)
    const deadLongAgo = await finished('dead', 31)

    const tokens: PruneStep = { name: 'tokens', prune: vi.fn(async () => 2) }
    vi.spyOn(console, 'log').mockImplementation(() => {})
    await createMaintenanceHandler(
      db,
      [...pruneSteps(config), tokens],
      () => now,
    )({}, { id: 'm', kind: 'maintenance', attempt: 1, maxAttempts: 3, createdAt: now })

    const sessionIds = (await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)
    expect(sessionIds).not.toContain('expired')
    expect(sessionIds).not.toContain('idle')
    expect(sessionIds).toHaveLength(1)
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).not.toContain('old')
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toContain('recent')
    const jobIds = (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'greet'))).map((row) => row.id)
    expect(jobIds.sort()).toEqual([recentDone, deadTenDays].sort())
    expect(jobIds).not.toContain(oldDone)
    expect(jobIds).not.toContain(deadLongAgo)
    expect(tokens.prune).toHaveBeenCalledWith(db, now)
    harness.close()
  })

  it('is kept scheduled once, however many runners check, an hour after the last run', async () => {
    const { db, another } = await freshDatabase()
    const other = await another()
    const maintenance = { kind: 'maintenance', everyMs: MAINTENANCE_EVERY_MS, payload: {} }
    expect(await scheduleRecurring(db, maintenance, T0)).toBe(true)
    expect(await scheduleRecurring(other, maintenance, T0)).toBe(false)
    const [first] = await db.select().from(jobs)
    expect(first).toMatchObject({ kind: 'maintenance', runAt: T0, status: 'pending' })

    const claimed = await claimJob(db, { runnerId: 'a', kinds: ['maintenance'], leaseMs: 1000, now: T0 })
    await completeJob(db, claimed!, at(5000))
    expect(await scheduleRecurring(other, maintenance, at(6000))).toBe(true)
    const [next] = await db.select().from(jobs).where(eq(jobs.status, 'pending'))
    expect(next!.runAt).toEqual(at(5000 + MAINTENANCE_EVERY_MS))
  })

  it('is one failing step from being retried, with the other steps done', async () => {
    const { db } = await freshDatabase()
    const ran: string[] = []
    const broken: PruneStep = {
      name: 'broken',
      prune: async () => {
        throw new Error('no such table: tokens')
      },
    }
    const fine: PruneStep = {
      name: 'fine',
      prune: async () => {
        ran.push('fine')
        return 0
      },
    }
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const handler = createMaintenanceHandler(db, [broken, fine])
    await expect(handler({}, { id: 'm', kind: 'maintenance', attempt: 1, maxAttempts: 3, createdAt: T0 })).rejects.toThrow(
      '1 maintenance step(s) failed',
    )
    expect(ran).toEqual(['fine'])
  })
})
