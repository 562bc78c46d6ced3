import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { createClient } from '@libsql/client'
import { describe, expect, it } from 'vitest'
import { testConfig } from '#tests/support/test-config.ts'

const serverArgs = ['--import', 'tsx', 'src/server/index.ts']

/** Registration counts the attempt before hashing the password: once that row exists, the request is in flight. */
async function registrationStarted(databaseUrl: string) {
  const client = createClient({ url: databaseUrl })
  try {
    for (;;) {
      const { rows } = await client.execute("select count(*) as n from rate_limits where key like 'register:%'")
      if (Number(rows[0]!.n) > 0) return
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  } finally {
    client.close()
  }
}

describe('the server process', () => {
  it('stops at start with a message naming a bad setting', () => {
    const result = spawnSync(process.execPath, serverArgs, {
      env: { ...process.env, PORT: 'not-a-port', SEED_DEMO: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Invalid configuration')
    expect(result.stderr).toContain('PORT')
  })

  it('exits 0 on SIGTERM after finishing what it was doing', async () => {
    const config = testConfig()
    const server = spawn(process.execPath, serverArgs, {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        DATABASE_URL: config.DATABASE_URL,
        UPLOADS_DIR: config.UPLOADS_DIR,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const exited = once(server, 'exit')
    const [line] = (await once(server.stdout!, 'data')) as [Buffer]
    const url = /serving on (\S+)/.exec(line.toString())![1]!
    const inFlight = fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'last@example.com', password: 'faithful-and-true', firstName: 'Last', lastName: 'One' }),
    })
    await registrationStarted(config.DATABASE_URL)
    server.kill('SIGTERM')
    expect((await inFlight).status).toBe(200)
    const [code] = await exited
    expect(code).toBe(0)
  })
})
