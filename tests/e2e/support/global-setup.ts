import { writeFileSync } from 'node:fs'
import type { FullConfig } from '@playwright/test'
import { e2eServerInfoPath } from './server-info.ts'

/**
 * Names the e2e server's database and outbox for the tests that act as an operator or read mail.
 * Written when the tests start rather than whenever the config is loaded: other tools load it too
 * (knip does), and would otherwise point a run in progress at a database of their own.
 */
export default function writeServerInfo(config: FullConfig) {
  const env = config.webServer?.env ?? {}
  writeFileSync(e2eServerInfoPath(env.PORT), JSON.stringify({ databaseUrl: env.DATABASE_URL, mailDir: env.MAIL_DIR }))
}
