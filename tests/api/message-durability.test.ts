import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createClient } from '@libsql/client'
import { afterEach, describe, expect, it } from 'vitest'
import { call, registerCompleteMember } from '#tests/support/http.ts'
import { testConfig } from '#tests/support/test-config.ts'

const config = testConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' })
let server: ChildProcess | undefined

async function startServer(): Promise<string> {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
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
  const [line] = (await once(server.stdout!, 'data')) as [Buffer]
  return /serving on (\S+)/.exec(line.toString())![1]!
}

afterEach(() => {
  server?.kill('SIGKILL')
})

describe('an acknowledged message', () => {
  it('is still there after the server is killed with SIGKILL right after acknowledging it', async () => {
    let url = await startServer()
    const ruth = await registerCompleteMember(url, 'woman', 'Ruth')
    const boaz = await registerCompleteMember(url, 'man', 'Boaz')
    await call(url, 'POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })
    await call(url, 'POST', '/api/likes', { cookie: boaz.cookie, body: { receiverId: ruth.id } })
    // Premium, so the daily limit does not cut the burst short. The server may be writing too (its job
    // runner sends the verification emails), so this writer waits for the lock like the server's own do.
    const database = createClient({ url: config.DATABASE_URL, timeout: 5000 })
    await database.execute({ sql: "update users set plan = 'premium' where id = ?", args: [ruth.id] })
    database.close()

    const acknowledged: string[] = []
    const sends = Array.from({ length: 40 }, (_, i) =>
      call(url, 'POST', '/api/messages', { cookie: ruth.cookie, body: { receiverId: boaz.id, content: `Message ${i}` } })
        .then((reply) => {
          if (reply.status === 200) acknowledged.push(reply.body.id as string)
        })
        .catch(() => {}),
    )
    // Kill as soon as the first half has been acknowledged, with the rest still in flight.
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 1))
    const killedAfter = [...acknowledged]
    server!.kill('SIGKILL')
    await Promise.all(sends)

    url = await startServer()
    const thread = await call(url, 'GET', '/api/conversations', { cookie: ruth.cookie })
    const conversationId = thread.body[0].id as string
    const stored = new Set<string>()
    let before: string | undefined
    for (;;) {
      const page = await call(url, 'GET', `/api/conversations/${conversationId}/messages?limit=100${before ? `&before=${before}` : ''}`, {
        cookie: ruth.cookie,
      })
      for (const message of page.body as { id: string }[]) stored.add(message.id)
      if (page.body.length < 100) break
      before = page.body[0].id
    }
    expect(killedAfter.length).toBeGreaterThanOrEqual(20)
    for (const id of killedAfter) expect(stored.has(id), `acknowledged message ${id}`).toBe(true)
  })
})
