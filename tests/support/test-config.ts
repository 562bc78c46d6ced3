import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Config, parseEnv } from '#server/env.ts'

/**
 * A configuration for one test file: its own temp folder, port chosen by the OS, no demo seed, and
 * only warnings and failures logged (a test about the info lines asks for them).
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  // Inside the run's folder (test-folders.ts), which the run removes at its end.
  const dir = mkdtempSync(join(process.env.COVENANT_TEST_FOLDER ?? tmpdir(), 'covenant-test-'))
  return parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    UPLOADS_DIR: join(dir, 'uploads'),
    MAIL_DIR: join(dir, 'mail'),
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    APP_SECRET: 'test-secret-that-signs-unsubscribe-links-0123456789',
    ...overrides,
  })
}
