import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type RunningApp, startApp } from '#server/app.ts'
import { type BusEvent, createRedisBus } from '#server/realtime/bus.ts'
import { call, registerCompleteMember } from '#tests/support/http.ts'
import { startRedis } from '#tests/support/redis.ts'
import { trpcOverSocket } from '#tests/support/sockets.ts'
import { testConfig } from '#tests/support/test-config.ts'

let redis: ChildProcess
let redisUrl: string
const apps: RunningApp[] = []

beforeAll(async () => {
  const started = await startRedis()
  redis = started.server
  redisUrl = started.url
  // Two app processes' worth of servers on one database and one Redis, as behind a load balancer.
  // The test is about the bus: one local file cannot take two processes' job runners writing beside requests (README).
  const first = testConfig({ REDIS_URL: started.url, REGISTRATIONS_PER_IP_PER_HOUR: '1000' })
  apps.push(await startApp({ ...first, JOBS_IN_PROCESS: false }))
  apps.push(await startApp({ ...first, PORT: 0, JOBS_IN_PROCESS: false }))
})

afterAll(async () => {
  for (const app of apps) await app.close()
  redis?.kill()
})

describe('the realtime bus over Redis', () => {
  it('delivers a message posted on one app process to a socket open on another', async () => {
    const [one, two] = apps as [RunningApp, RunningApp]
    const ruth = await registerCompleteMember(one.url, 'woman', 'Ruth')
    const boaz = await registerCompleteMember(one.url, 'man', 'Boaz')
    await call(one.url, 'POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })
    await call(one.url, 'POST', '/api/likes', { cookie: boaz.cookie, body: { receiverId: ruth.id } })

    const socket = new WebSocket(`${two.url.replace('http', 'ws')}/ws/messaging`, { headers: { cookie: boaz.cookie } })
    const received = new Promise<{ message: { content: string; createdAt: string } }>((resolve) =>
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString())
        if (frame.type === 'message_received') resolve(frame)
      }),
    )
    await new Promise((resolve) => socket.once('open', resolve))
    const sent = await call(one.url, 'POST', '/api/messages', {
      cookie: ruth.cookie,
      body: { receiverId: boaz.id, content: 'Across processes' },
    })
    expect(sent.status).toBe(200)
    const frame = await received
    expect(frame.message.content).toBe('Across processes')
    expect(frame.message.createdAt).toBe(sent.body.createdAt)
    socket.close()
  })

  it('closes the sockets of a session signed out on another app process, on both socket paths', async () => {
    const [one, two] = apps as [RunningApp, RunningApp]
    const ruth = await registerCompleteMember(one.url, 'woman', 'Ruth')
    const base = two.url.replace('http', 'ws')
    const sockets = [
      new WebSocket(`${base}/ws/messaging`, { headers: { cookie: ruth.cookie } }),
      new WebSocket(`${base}/trpc`, { headers: { cookie: ruth.cookie } }),
    ]
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('open', resolve))))
    const closed = sockets.map((socket) => new Promise<number>((resolve) => socket.once('close', resolve)))

    expect((await call(one.url, 'POST', '/api/logout', { cookie: ruth.cookie })).status).toBe(200)
    expect(await Promise.all(closed)).toEqual([1008, 1008])
    expect((await call(two.url, 'GET', '/api/auth/user', { cookie: ruth.cookie })).status).toBe(401)
  })

  it('shows a member online to a partner asking another app process, until their last socket on any process closes', async () => {
    const [one, two] = apps as [RunningApp, RunningApp]
    const ruth = await registerCompleteMember(one.url, 'woman', 'Ruth')
    const boaz = await registerCompleteMember(one.url, 'man', 'Boaz')
    await call(one.url, 'POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })
    await call(one.url, 'POST', '/api/likes', { cookie: boaz.cookie, body: { receiverId: ruth.id } })
    const asking = trpcOverSocket(one.url, { cookie: ruth.cookie })
    const online = () => asking.api.messaging.online.query()
    const open = async (app: RunningApp) => {
      const socket = new WebSocket(`${app.url.replace('http', 'ws')}/ws/messaging`, { headers: { cookie: boaz.cookie } })
      await new Promise((resolve) => socket.once('open', resolve))
      return socket
    }
    const until = async (expected: string[]) => {
      for (let tries = 0; tries < 50 && JSON.stringify(await online()) !== JSON.stringify(expected); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return online()
    }
    expect(await online()).toEqual([])

    const onTwo = await open(two)
    expect(await until([boaz.id])).toEqual([boaz.id])
    const onOne = await open(one)
    onTwo.close()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await online()).toEqual([boaz.id])
    onOne.close()
    expect(await until([])).toEqual([])
    asking.close()
  })

  it('hands on a hint that a member left only while they are still gone, in the order the hints came', async () => {
    // Two processes' buses: a departure announced on one crosses, on the way, an arrival on the other.
    const [here, there] = await Promise.all([createRedisBus(redisUrl), createRedisBus(redisUrl)])
    const [boaz, ruth] = [randomUUID(), randomUUID()]
    const heard: BusEvent[] = []
    const reading = new AbortController()
    const next = async () => {
      for await (const event of here.eventsFor(ruth, reading.signal)) {
        heard.push(event)
        return event
      }
    }
    const hint = (online: boolean) => ({ type: 'presence' as const, recipients: [ruth], userId: boaz, online })

    await here.online.arrive(boaz)
    let arriving = next()
    there.publish(hint(false))
    there.publish(hint(true))
    expect(await arriving).toEqual(hint(true))
    expect(heard).toEqual([hint(true)])

    await here.online.leave(boaz)
    arriving = next()
    there.publish(hint(false))
    expect(await arriving).toEqual(hint(false))

    reading.abort()
    await Promise.all([here.close(), there.close()])
  })
})
