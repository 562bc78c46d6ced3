import { createServer, type Server, type ServerResponse } from 'node:http'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#db/client.ts'
import { createLanguageModel } from '#server/ai/model.ts'
import { withAppSecret } from '#server/auth/app-secret.ts'
import { createOAuthRoutes } from '#server/http/oauth-routes.ts'
import { refuseUnparsedRequest } from '#server/http/raw-answer.ts'
import { createReadinessRoute, READINESS_ROUTE } from '#server/http/readiness-route.ts'
import { createRequestHandler } from '#server/http/request-handler.ts'
import { createAppJobRunner } from '#server/jobs/app-runner.ts'
import type { JobRunner } from '#server/jobs/runner.ts'
import { logger, setLogLevel } from '#server/log.ts'
import { createRealtime, openBus } from '#server/realtime/realtime.ts'
import { createUpgradeHandler } from '#server/realtime/sockets.ts'
import { seedCommunity } from '#server/seed/community.ts'
import { seedContent } from '#server/seed/content.ts'
import { seedDemoMembers } from '#server/seed/index.ts'
import { memberDirectory } from '#server/services/member-directory.ts'
import { type Config, publicUrlOf } from './env.ts'

export interface RunningApp {
  server: Server
  database: DatabaseHandle
  url: string
  close(): Promise<void>
}

/** Migrates the database and seeds what the configuration asks for: before any process serves from it. */
export async function prepareDatabase(database: DatabaseHandle, config: Config) {
  await migrateDatabase(database.db)
  if (config.SEED_DEMO) await seedDemoMembers(database.db, { uploadsDir: config.UPLOADS_DIR })
  await seedContent(database.db, { demoActivity: config.SEED_DEMO })
  await seedCommunity(database.db, { demoActivity: config.SEED_DEMO })
}

interface StartOptions {
  /** Another process migrated and seeded the database already. */
  databasePrepared?: boolean
  /** Runs once everything is loaded, just before the port is opened. */
  beforeListening?: () => void
}

/**
 * Opens the database, prepares it unless another process already has (`databasePrepared`), and
 * listens: the whole product on one port.
 */
export async function startApp(environment: Config, { databasePrepared = false, beforeListening }: StartOptions = {}): Promise<RunningApp> {
  setLogLevel(environment.LOG_LEVEL)
  const config = await withAppSecret(environment)
  const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN, {
    checkpointsInBackground: {
      onFailure: (error) => logger.warn({ err: error }, 'background checkpoints stopped: the writers checkpoint the log themselves'),
    },
  })
  if (!databasePrepared) await prepareDatabase(database, config)
  // Read every member into this process's directory before taking requests, so the first Discover
  // page is as quick as the rest (docs/decisions/027).
  await memberDirectory(database.db)

  const bus = await openBus(config.REDIS_URL)
  const deps = { db: database.db, config, realtime: createRealtime(database.db, bus), languageModel: createLanguageModel(config) }
  let jobs: JobRunner | null = null
  const readiness = createReadinessRoute({ db: database.db, bus, config, jobs: () => jobs })
  const server = createServer(createRequestHandler(deps, new Map([...createOAuthRoutes(deps), [READINESS_ROUTE, readiness]])))
  // Slow or silent clients are cut off instead of holding sockets open.
  server.headersTimeout = 15_000
  server.requestTimeout = 30_000
  server.keepAliveTimeout = 5_000
  server.on('clientError', refuseUnparsedRequest)
  const sockets = createUpgradeHandler(deps)
  server.on('upgrade', sockets.handleUpgrade)

  beforeListening?.()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.PORT, config.HOST, resolve)
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  jobs = config.JOBS_IN_PROCESS ? createAppJobRunner({ db: database.db, config, publicUrl: publicUrlOf(config, port), bus }) : null
  jobs?.start()

  // On shutdown every response still to be written says `Connection: close`, so a keep-alive client
  // sends its next request elsewhere instead of onto a connection that is about to go.
  let closing: Promise<void> | undefined
  const unanswered = new Set<ServerResponse>()
  server.on('request', (_req, res: ServerResponse) => {
    if (closing) res.shouldKeepAlive = false
    unanswered.add(res)
    res.once('close', () => unanswered.delete(res))
  })
  const close = () => {
    closing ??= (async () => {
      for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false
      sockets.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      })
      await jobs?.stop()
      await bus.close()
      database.close()
    })()
    return closing
  }
  return { server, database, url: `http://localhost:${port}`, close }
}
