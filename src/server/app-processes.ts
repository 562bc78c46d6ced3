import cluster, { type Worker } from 'node:cluster'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { openDatabase } from '#db/client.ts'
import { logger, setLogLevel } from '#server/log.ts'
import { answerScrapes } from '#server/metrics.ts'
import { prepareDatabase, startApp } from './app.ts'
import type { Config } from './env.ts'
import { collectNow, collectWhenIdle } from './idle-collection.ts'

/** The pause before a process that died is replaced, so one that dies at once does not spin a core. */
const REPLACEMENT_DELAY_MS = 1_000

/**
 * V8 shrinks a process's young generation at any collection while it is idle and grows it back only
 * as load returns, so the first seconds of load after a quiet spell ran with half as many scavenges
 * again. Its floor is kept at the size a loaded process grows it to (docs/decisions/046). V8's memory
 * reducer, which started full collections in the middle of load after a quiet spell, is off: the
 * process gives its heap back when idle itself (docs/decisions/039, 047). The young generation's
 * ceiling is the one Node 20 and 22 stop at, where Node 24 would grow it fourfold. The old generation may
 * grow by a quarter past what the last full collection kept before the next, where V8 would let it
 * double (docs/decisions/049). `npm start` gives a single process the same.
 */
export const SERVING_V8_FLAGS = ['--min-semi-space-size=16', '--no-memory-reducer', '--heap-growing-percent=25', '--max-semi-space-size=16']

export interface AppProcesses {
  url: string
  /** Stops every process, each finishing the requests it holds (as one process does on SIGTERM). */
  close(): Promise<void>
}

/**
 * `APP_PROCESSES` app processes on this machine, sharing one port through node:cluster, which hands
 * each new connection to the next process in turn (docs/decisions/028). This primary serves nothing:
 * it prepares the database once, so the processes never race on a migration or a seed, forks them,
 * gathers their metrics for whichever is scraped, and replaces one that dies after it has served.
 * A process that fails before it listens fails the start, as a single process would.
 */
async function startAppProcesses(config: Config): Promise<AppProcesses> {
  setLogLevel(config.LOG_LEVEL)
  const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN)
  try {
    await prepareDatabase(database, config)
  } finally {
    database.close()
  }

  let closing = false
  const listening = new WeakSet<Worker>()
  cluster.on('listening', (worker) => listening.add(worker))
  cluster.on('exit', (worker, code, signal) => {
    if (closing || !listening.has(worker)) return
    logger.error({ appProcess: worker.process.pid, code, signal }, 'an app process exited; starting another in its place')
    setTimeout(() => closing || cluster.fork(), REPLACEMENT_DELAY_MS).unref()
  })

  answerScrapes()
  const stopAll = async () => {
    closing = true
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker && !worker.isDead())
    const exits = running.map((worker) => once(worker, 'exit'))
    for (const worker of running) worker.process.kill('SIGTERM')
    await Promise.all(exits)
  }
  try {
    return { url: `http://localhost:${await forkSharingPort(config.APP_PROCESSES)}`, close: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}

/**
 * `count` processes running this entry again as node:cluster workers, which share the port they
 * listen on: resolves with the port once every one listens, and rejects if one exits first.
 */
export async function forkSharingPort(count: number): Promise<number> {
  // A set: a primary started with the flags already (`npm start`) hands them on once.
  cluster.setupPrimary({ execArgv: [...new Set([...process.execArgv, ...SERVING_V8_FLAGS])] })
  const addresses = await Promise.all(
    Array.from({ length: count }, () => {
      const worker = cluster.fork()
      return Promise.race([
        once(worker, 'listening') as Promise<[AddressInfo]>,
        once(worker, 'exit').then(([code]) => {
          throw new Error(`an app process exited with ${code} before it was serving`)
        }),
      ])
    }),
  )
  return addresses[0]![0].port
}

/**
 * The product as `npm start` runs it: one process serving, or with `APP_PROCESSES` above 1 the
 * primary supervising them, in which case each runs its entry again as a worker and serves here.
 */
export async function startServing(config: Config): Promise<AppProcesses> {
  if (cluster.isPrimary && config.APP_PROCESSES > 1) return startAppProcesses(config)
  const app = await startApp(config, { databasePrepared: cluster.isWorker, beforeListening: collectNow })
  const stopCollecting = collectWhenIdle()
  return {
    url: app.url,
    close: () => {
      stopCollecting()
      return app.close()
    },
  }
}
