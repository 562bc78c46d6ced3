import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '#server/app.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
const config = testConfig()

beforeAll(async () => {
  app = await startApp(config)
})
afterAll(() => app.close())

const register = (email: string) =>
  fetch(`${app.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'steadfast-love', firstName: 'Anna', lastName: 'Phanuel' }),
  })

/** Another process takes the write lock, says so, holds it for `ms` and rolls back. */
function holdWriteLock(url: string, ms: number) {
  const script = `
    import { createClient } from '@libsql/client'
    const client = createClient({ url: ${JSON.stringify(url)} })
    const tx = await client.transaction('write')
    await tx.execute("insert into rate_limits (key, window_start, count) values ('held-by-another-writer', 0, 1)")
    process.stdout.write('locked')
    setTimeout(async () => { await tx.rollback(); client.close() }, ${ms})
  `
  return spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
}

describe('a database held by another process', () => {
  it('makes writes wait for the lock instead of failing, and leaves no partial rows', async () => {
    const holder = holdWriteLock(config.DATABASE_URL, 1500)
    const exited = once(holder, 'exit')
    await once(holder.stdout!, 'data')
    const response = await register('anna@example.com')
    await exited

    expect(response.status).toBe(200)
    const users = await app.database.client.execute("select count(*) as n from users where email = 'anna@example.com'")
    const profiles = await app.database.client.execute(
      "select count(*) as n from profiles join users on users.id = profiles.user_id where users.email = 'anna@example.com'",
    )
    expect(users.rows[0]!.n).toBe(1)
    expect(profiles.rows[0]!.n).toBe(1)
  })

  it('lets many members register at the same moment without refusing any', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => register(`crowd-${i}@example.com`)))
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200))
  })
})
