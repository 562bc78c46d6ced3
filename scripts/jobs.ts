import { migrateDatabase, openDatabase } from '#db/client.ts'
import { withAppSecret } from '#server/auth/app-secret.ts'
import { type Config, parseEnv, publicUrlOf } from '#server/env.ts'
import { createAppJobRunner } from '#server/jobs/app-runner.ts'
import { setLogLevel } from '#server/log.ts'
import { openBus } from '#server/realtime/realtime.ts'

// The job runner on its own (mail, maintenance), for app processes started with JOBS_IN_PROCESS=0.
let config: Config
try {
  config = await withAppSecret(parseEnv(process.env))
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

setLogLevel(config.LOG_LEVEL)
const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN)
await migrateDatabase(database.db)
// Reminders notify members live through the bus: with REDIS_URL they reach every app process.
const bus = await openBus(config.REDIS_URL)
const runner = createAppJobRunner({ db: database.db, config, publicUrl: publicUrlOf(config), bus })
runner.start()

let stopping = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    // The job in flight finishes and is recorded; one that hangs past the deadline is taken over once its lease expires.
    setTimeout(() => process.exit(1), 30_000).unref()
    runner
      .stop()
      .then(() => bus.close())
      .then(() => database.close())
      .then(() => process.exit(0))
  })
}
// Said once the signals are handled, so whoever waits for this line may stop the runner at once.
console.log(`Covenant's job runner ${runner.id} is running (${config.SMTP_URL ? 'mail over SMTP' : `mail to ${config.MAIL_DIR}`})`)
