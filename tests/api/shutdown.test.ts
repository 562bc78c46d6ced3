import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { Agent, request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { registerCompleteMember } from '#tests/support/http.ts'
import { testConfig } from '#tests/support/test-config.ts'

const config = testConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '1000', BROWSE_REQUESTS_PER_MINUTE: '100000' })
let server: ChildProcess | undefined

afterEach(() => {
  server?.kill('SIGKILL')
})

async function startServer(): Promise<string> {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      DATABASE_URL: config.DATABASE_URL,
      UPLOADS_DIR: config.UPLOADS_DIR,
      BROWSE_REQUESTS_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = (await once(server.stdout!, 'data')) as [Buffer]
  return /serving on (\S+)/.exec(line.toString())![1]!
}

/**
 * One GET on a keep-alive agent: the status, or how it failed. A failure on a connection the server
 * had already served (`reused`) is one it dropped; on a new connection the listener was already gone.
 */
function get(url: string, cookie: string, agent: Agent): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent, headers: { cookie } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', () => resolve('dropped mid-answer'))
    })
    req.on('error', () => resolve(req.reusedSocket ? 'dropped on a served connection' : 'not accepted'))
    req.end()
  })
}

describe('shutting down on SIGTERM under load', () => {
  it('answers every request already received, tells sockets to reconnect, and exits 0', async () => {
    const url = await startServer()
    const ruth = await registerCompleteMember(url, 'woman', 'Ruth')
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/messaging`, { headers: { cookie: ruth.cookie } })
    await once(socket, 'open')
    const socketClosed = once(socket, 'close')

    // Keep-alive connections, each with a queue of discover requests waiting on the database.
    const agent = new Agent({ keepAlive: true, maxSockets: 20 })
    const replies = Array.from({ length: 120 }, () => get(`${url}/api/profiles/discover`, ruth.cookie, agent))
    const first = await Promise.race(replies)
    expect(first).toBe(200)
    const exited = once(server!, 'exit')
    server!.kill('SIGTERM')

    const statuses = await Promise.all(replies)
    const [code] = (await exited) as [number]
    agent.destroy()
    // Connections still in the kernel's queue when the listener closed are refused or reset; none the server took is dropped.
    expect(statuses.filter((status) => status !== 200 && status !== 'not accepted')).toEqual([])
    expect(((await socketClosed) as [number])[0]).toBe(1012)
    expect(code).toBe(0)
  })
})
