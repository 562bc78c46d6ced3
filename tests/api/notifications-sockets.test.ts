import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { call, registerCompleteMember } from '#tests/support/http.ts'
import { type SpecFrame as Frame, specSocket as openSpecSocket, trpcOverSocket } from '#tests/support/sockets.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' }))
})
afterAll(() => app?.close())

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const specSocket = (cookie: string) => openSpecSocket(app.url, { cookie })

/** `notifications.live` over the tRPC socket, every event kept. */
async function liveFeed(cookie: string) {
  const socket = trpcOverSocket(app.url, { cookie })
  const events: Frame[] = []
  const errors: unknown[] = []
  await new Promise<void>((resolve) => {
    socket.api.notifications.live.subscribe(undefined, {
      onStarted: () => resolve(),
      onData: (event) => void events.push(event as Frame),
      onError: (error) => void errors.push(error),
    })
  })
  // 'started' is sent as the feed opens; give it a moment to reach the bus.
  await pause(100)
  return { events, errors, close: socket.close }
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 1000
  while (Date.now() < deadline) {
    if (check()) return
    await pause(10)
  }
  throw new Error(`no ${what} within a second`)
}

describe('the match moment, live on both sockets', () => {
  it('tells the member who liked first, on the tRPC feed and on /ws/messaging; a third member hears nothing', async () => {
    const ruth = await registerCompleteMember(app.url, 'woman', 'Ruth')
    const boaz = await registerCompleteMember(app.url, 'man', 'Boaz')
    const orpah = await registerCompleteMember(app.url, 'woman', 'Orpah')
    expect((await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })).body).toEqual({ isMutual: false })

    const [ruthFeed, ruthSocket, orpahFeed, orpahSocket] = await Promise.all([
      liveFeed(ruth.cookie),
      specSocket(ruth.cookie),
      liveFeed(orpah.cookie),
      specSocket(orpah.cookie),
    ])
    const like = await api('POST', '/api/likes', { cookie: boaz.cookie, body: { receiverId: ruth.id } })
    expect(like.body).toEqual({
      isMutual: true,
      matchId: expect.any(String),
      conversationId: expect.any(String),
      member: { id: ruth.id, firstName: 'Ruth', photoUrl: null },
    })
    const { matchId, conversationId } = like.body
    const boazGlimpse = { id: boaz.id, firstName: 'Boaz', photoUrl: null }

    await until(() => ruthSocket.frames.some((f) => f.type === 'match') && ruthFeed.events.some((e) => e.type === 'match'), 'match')
    expect(ruthSocket.frames.find((f) => f.type === 'match')).toEqual({ type: 'match', matchId, conversationId, member: boazGlimpse })
    expect(ruthFeed.events.find((e) => e.type === 'match')).toEqual({ type: 'match', matchId, conversationId, member: boazGlimpse })

    const matchNotification = (f: Frame) => f.type === 'notification' && (f.notification as { type: string }).type === 'match'
    await until(() => ruthSocket.frames.some(matchNotification) && ruthFeed.events.some(matchNotification), 'notification')
    expect(ruthSocket.frames.find(matchNotification)).toEqual({
      type: 'notification',
      notification: {
        id: expect.any(String),
        type: 'match',
        createdAt: expect.any(String),
        readAt: null,
        actor: boazGlimpse,
        matchId,
        conversationId,
      },
    })
    // The tRPC feed keeps dates as dates.
    expect(ruthFeed.events.find(matchNotification)).toMatchObject({
      notification: { type: 'match', createdAt: expect.any(Date), actor: boazGlimpse, matchId, conversationId },
    })

    // Orpah is nobody in this story: nothing reaches her on either socket.
    await pause(200)
    expect(orpahSocket.frames).toEqual([])
    expect(orpahFeed.events).toEqual([])
    expect([...ruthFeed.errors, ...orpahFeed.errors]).toEqual([])

    // Offline or not, the match waits in Ruth's centre, unread.
    const centre = await api('GET', '/api/notifications', { cookie: ruth.cookie })
    expect(centre.body.notifications.filter((n: { type: string }) => n.type === 'match')).toEqual([
      expect.objectContaining({ matchId, conversationId, readAt: null }),
    ])
    for (const socket of [ruthSocket, orpahSocket]) socket.ws.close()
    ruthFeed.close()
    orpahFeed.close()
  })

  it('delivers a Thoughtful Interest as a notification frame to its receiver only', async () => {
    const ruth = await registerCompleteMember(app.url, 'woman', 'Ruth')
    const boaz = await registerCompleteMember(app.url, 'man', 'Boaz')
    // Who sent it shows on plans with Likes You.
    await app.database.db.update(users).set({ plan: 'premium' }).where(eq(users.id, boaz.id))
    const boazSocket = await specSocket(boaz.cookie)
    const sent = await api('POST', '/api/interests', {
      cookie: ruth.cookie,
      body: { receiverId: boaz.id, interestType: 'general', message: 'Would you pray with me this week?' },
    })
    expect(sent.status).toBe(200)
    const isInterest = (f: Frame) => f.type === 'notification' && (f.notification as { type: string }).type === 'interest_received'
    await until(() => boazSocket.frames.some(isInterest), 'interest notification')
    expect(boazSocket.frames.find(isInterest)).toMatchObject({
      notification: {
        actor: { id: ruth.id, firstName: 'Ruth', photoUrl: null },
        interest: { id: sent.body.id, interestType: 'general', message: 'Would you pray with me this week?' },
      },
    })
    expect((await api('GET', '/api/notifications/unread-count', { cookie: boaz.cookie })).body.count).toBeGreaterThanOrEqual(1)
    boazSocket.ws.close()
  })
})

describe('Likes You over REST', () => {
  it('answers the free plan with the count only, and a pass hides the member', async () => {
    const ruth = await registerCompleteMember(app.url, 'woman', 'Ruth')
    const boaz = await registerCompleteMember(app.url, 'man', 'Boaz')
    await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })
    expect((await api('GET', '/api/likes/received', { cookie: boaz.cookie })).body).toEqual({ count: 1, locked: true, members: [] })
    expect((await api('DELETE', `/api/likes/received/${ruth.id}`, { cookie: boaz.cookie })).status).toBe(200)
    expect((await api('GET', '/api/likes/received', { cookie: boaz.cookie })).body).toEqual({ count: 0, locked: true, members: [] })
    expect((await api('GET', '/api/likes/received')).status).toBe(401)
  })
})
