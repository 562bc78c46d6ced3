import cluster from 'node:cluster'
import { startServing } from './app-processes.ts'
import { type Config, parseEnv } from './env.ts'

function configOrExit(): Config {
  try {
    return parseEnv(process.env)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}

const config = configOrExit()

const app = await startServing(config)
// With APP_PROCESSES above 1, the primary speaks for them all.
if (cluster.isPrimary) console.log(`Covenant is serving on ${app.url}`)

let stopping = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    // In-flight requests finish; a hung one cannot keep the process alive past the deadline.
    setTimeout(() => process.exit(1), 10_000).unref()
    app.close().then(() => process.exit(0))
  })
}
