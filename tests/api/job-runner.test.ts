import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#db/client.ts'
import { jobs } from '#db/schema/index.ts'
import { parseEnv } from '#server/env.ts'
import { createAppJobRunner } from '#server/jobs/app-runner.ts'
import { DEFAULT_LEASE_MS } from '#server/jobs/runner.ts'
import { enqueueMail } from '#server/mail/mail-job.ts'
import { type SmtpTestServer, startSmtpServer } from '#tests/support/smtp.ts'
import { testConfig } from '#tests/support/test-config.ts'

let smtp: SmtpTestServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(() => smtp?.close())

async function freshDatabase(): Promise<DatabaseHandle & { url: string }> {
  const { DATABASE_URL } = testConfig()
  const handle = await openDatabase(DATABASE_URL)
  await migrateDatabase(handle.db)
  return { ...handle, url: DATABASE_URL }
}

/** A mail server that accepts connections and never says a word: a send through it hangs half-way. */
async function silentMailServer() {
  const sockets = new Set<Socket>()
  let connected: () => void = () => {}
  const firstConnection = new Promise<void>((resolve) => {
    connected = resolve
  })
  const server = createServer((socket) => {
    socket.on('error', () => {})
    sockets.add(socket)
    connected()
  })
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    firstConnection,
    close() {
      for (const socket of sockets) socket.destroy()
      server.close()
    },
  }
}

describe('npm run jobs', () => {
  it('survives a restart with an email half-sent: after the lease, another runner sends it once, with the same Message-ID', async () => {
    const database = await freshDatabase()
    const silent = await silentMailServer()
    try {
      const [job] = await enqueueMail(database.db, {
        to: 'lydia@example.com',
        template: 'reset-password',
        props: { token: 'purple-cloth' },
      })
      const runner = spawn(process.execPath, ['--import', 'tsx', 'scripts/jobs.ts'], {
        env: { ...process.env, DATABASE_URL: database.url, SMTP_URL: silent.url, MAIL_FROM: 'Covenant <hello@example.org>' },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      runner.on('error', () => {})
      const exited = once(runner, 'exit')
      const [line] = (await once(runner.stdout!, 'data')) as [Buffer]
      expect(line.toString()).toMatch(/job runner .+ is running \(mail over SMTP\)/)

      // The runner has taken the job and is waiting on the mail server: kill it there.
      await silent.firstConnection
      runner.kill('SIGKILL')
      await exited
      const [halfDone] = await database.db.select().from(jobs).where(eq(jobs.id, job!.id))
      expect(halfDone).toMatchObject({ status: 'pending', attempts: 1, lastError: null })
      expect(halfDone!.lockedUntil!.getTime()).toBeGreaterThan(Date.now())

      // The restarted runner (its clock moved past the lease, as if the minute had passed).
      const config = parseEnv({ DATABASE_URL: database.url, SMTP_URL: smtp.url, MAIL_FROM: 'Covenant <hello@example.org>' })
      const restarted = createAppJobRunner(
        { db: database.db, config, publicUrl: 'https://covenant.example' },
        { clock: () => new Date(Date.now() + DEFAULT_LEASE_MS + 1000) },
      )
      expect(await restarted.runNext()).toBe(true)
      await restarted.stop()

      const sent = smtp.messages.filter((mail) => mail.messageId === `<job-${job!.id}@example.org>`)
      expect(sent).toHaveLength(1)
      expect(sent[0]!.text).toContain('https://covenant.example/reset-password?token=purple-cloth')
      const [done] = await database.db.select().from(jobs).where(eq(jobs.id, job!.id))
      expect(done).toMatchObject({ status: 'done', attempts: 2 })
    } finally {
      silent.close()
      database.close()
    }
  })

  it('stops cleanly on SIGTERM', async () => {
    const database = await freshDatabase()
    database.close()
    const runner = spawn(process.execPath, ['--import', 'tsx', 'scripts/jobs.ts'], {
      env: { ...process.env, DATABASE_URL: database.url, MAIL_DIR: `${database.url.slice('file:'.length)}-mail` },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    runner.on('error', () => {})
    const exited = once(runner, 'exit')
    await once(runner.stdout!, 'data')
    runner.kill('SIGTERM')
    const [code] = await exited
    expect(code).toBe(0)
  })
})

describe('two job runner processes on one database', () => {
  it('never send one email twice', async () => {
    const database = await freshDatabase()
    const total = 60
    const queued = await database.db.batch(
      Array.from({ length: total }, (_, i) =>
        enqueueMail(database.db, { to: `member-${i}@example.com`, template: 'verify-email', props: { token: `token-${i}` } }),
      ) as [ReturnType<typeof enqueueMail>, ...ReturnType<typeof enqueueMail>[]],
    )
    const messageIds = new Set(queued.map(([row]) => `<job-${row!.id}@example.org>`))
    const before = smtp.messages.length

    const worker = fileURLToPath(new URL('../support/job-race-worker.ts', import.meta.url))
    const workers = [0, 1].map(() => {
      const child = spawn(process.execPath, ['--import', 'tsx', worker, database.url, 'mail', smtp.url], {
        stdio: ['pipe', 'pipe', 'inherit'],
      })
      child.on('error', () => {})
      child.stdin!.on('error', () => {})
      const ready = once(child.stdout!, 'data')
      return { child, ready, exited: once(child, 'exit') }
    })
    await Promise.all(workers.map((w) => w.ready))
    for (const w of workers) w.child.stdin!.end('go\n')
    await Promise.all(workers.map((w) => w.exited))

    const sent = smtp.messages.slice(before).map((mail) => mail.messageId!)
    expect(sent).toHaveLength(total)
    expect(new Set(sent)).toEqual(messageIds)
    // Each recorded as sent, so neither runner sends it again later. (The recurring sweeps both
    // runners schedule are left pending for their next turn: not counted here.)
    const mails = await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, 'mail'))
    expect(mails.map((mail) => mail.status)).toEqual(Array(total).fill('done'))
    database.close()
  }, 60_000)
})
