import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const CHROMIUM = '/usr/bin/chromium'
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\`.`)
}

const port = Number(process.env.E2E_PORT ?? 3210)

// The browser suite gets its own throwaway database, uploads and outbox (emails land there, where a
// test opens them as a member opens their inbox), seeded with the demo members. Made once: the
// workers read this config again with the runner's environment, this variable included.
process.env.COVENANT_E2E_DIR ??= mkdtempSync(join(tmpdir(), 'covenant-e2e-'))
const dir = process.env.COVENANT_E2E_DIR
const serverEnv = {
  PORT: String(port),
  DATABASE_URL: `file:${join(dir, 'app.db')}`,
  UPLOADS_DIR: join(dir, 'uploads'),
  SEED_DEMO: '1',
  MAIL_DIR: join(dir, 'mail'),
  // Every browser test registers its members from this one address, over a hundred in a run.
  REGISTRATIONS_PER_IP_PER_HOUR: '1000',
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Where a test finds this server's database and outbox, to act as an operator or a mail reader would.
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // The compiled server, as `npm start` runs it (`npm run test:e2e` builds it first when stale).
  webServer: {
    command: 'node dist/server/index.mjs',
    url: `http://localhost:${port}/api/health`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
