import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { call, registerCompleteMember } from '#tests/support/http.ts'
import { specSocket as openSpecSocket, trpcOverSocket, upgradeStatus } from '#tests/support/sockets.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' }))
})
afterAll(() => app?.close())

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

const member = (gender: 'man' | 'woman', firstName: string) => registerCompleteMember(app.url, gender, firstName)

async function matchedPair() {
  const ruth = await member('woman', 'Ruth')
  const boaz = await member('man', 'Boaz')
  await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })
  const like = await api('POST', '/api/likes', { cookie: boaz.cookie, body: { receiverId: ruth.id } })
  return { ruth, boaz, conversationId: like.body.conversationId as string }
}

const specSocket = (cookie: string) => openSpecSocket(app.url, { cookie })

describe('the REST paths', () => {
  it("answer the spec's Conversation and Message shapes", async () => {
    const { ruth, boaz, conversationId } = await matchedPair()
    const sent = await api('POST', '/api/messages', {
      cookie: ruth.cookie,
      body: { receiverId: boaz.id, content: 'Shalom!', messageType: 'text' },
    })
    expect(sent.status).toBe(200)

    const list = await api('GET', '/api/conversations', { cookie: boaz.cookie })
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      {
        id: conversationId,
        participant1: expect.any(String),
        participant2: expect.any(String),
        participant1User: { id: expect.any(String), firstName: expect.any(String), lastName: expect.any(String), profileImageUrl: null },
        participant2User: { id: expect.any(String), firstName: expect.any(String), lastName: expect.any(String), profileImageUrl: null },
        lastMessage: { content: 'Shalom!' },
        lastMessageAt: expect.any(String),
        prayerRequestActive: false,
        unreadCount: 1,
      },
    ])

    const thread = await api('GET', `/api/conversations/${conversationId}/messages`, { cookie: boaz.cookie })
    expect(thread.status).toBe(200)
    expect(thread.body).toEqual([
      {
        id: sent.body.id,
        conversationId,
        senderId: ruth.id,
        content: 'Shalom!',
        messageType: 'text',
        clientMessageId: null,
        createdAt: expect.any(String),
        isDelivered: true,
        isRead: false,
      },
    ])
    expect((await api('GET', '/api/messages/unread-count', { cookie: boaz.cookie })).body).toEqual({ count: 1 })
    expect((await api('POST', `/api/conversations/${conversationId}/read`, { cookie: boaz.cookie })).body).toEqual({ marked: 1 })
    expect((await api('GET', '/api/messages/unread-count', { cookie: boaz.cookie })).body).toEqual({ count: 0 })
  })

  it('answer 401, 403, 404, 400 and 429 with a readable message', async () => {
    const { ruth, boaz, conversationId } = await matchedPair()
    const stranger = await member('woman', 'Orpah')
    expect((await api('GET', '/api/conversations')).status).toBe(401)
    expect((await api('GET', `/api/conversations/${conversationId}/messages`, { cookie: stranger.cookie })).status).toBe(404)
    const notMatched = await api('POST', '/api/messages', { cookie: stranger.cookie, body: { receiverId: boaz.id, content: 'Hi' } })
    expect(notMatched.status).toBe(403)
    expect(notMatched.body).toEqual({ message: 'You can message a member once you have matched with each other.' })
    const blank = await api('POST', '/api/messages', { cookie: ruth.cookie, body: { receiverId: boaz.id, content: ' ' } })
    expect(blank).toMatchObject({ status: 400, body: { message: 'Please write a message' } })
    const wrongType = await api('POST', '/api/messages', { cookie: ruth.cookie, body: { receiverId: boaz.id, content: 123 } })
    expect(wrongType.status).toBe(400)

    for (let i = 0; i < 3; i++)
      expect((await api('POST', '/api/messages', { cookie: ruth.cookie, body: { receiverId: boaz.id, content: `Hi ${i}` } })).status).toBe(
        200,
      )
    const limited = await api('POST', '/api/messages', { cookie: ruth.cookie, body: { receiverId: boaz.id, content: 'Too many' } })
    expect(limited.status).toBe(429)
    expect(limited.body.message).toContain('Premium')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('the spec socket, /ws/messaging', () => {
  it('delivers a message posted over HTTP within a second, then typing and read events', async () => {
    const { ruth, boaz, conversationId } = await matchedPair()
    const socket = await specSocket(boaz.cookie)
    socket.send({ type: 'authenticate', userId: boaz.id })
    await api('POST', '/api/messages', { cookie: ruth.cookie, body: { receiverId: boaz.id, content: 'Over HTTP' } })
    const received = await socket.frame('message_received')
    expect(received).toMatchObject({ conversationId, message: { content: 'Over HTTP', senderId: ruth.id } })

    const ruthSocket = await specSocket(ruth.cookie)
    ruthSocket.send({ type: 'typing', conversationId, isTyping: true })
    expect(await socket.frame('typing_indicator')).toEqual({ type: 'typing_indicator', conversationId, userId: ruth.id, isTyping: true })

    // Read receipts come with the paid plans: Ruth, on the free plan, is not told that Boaz read her message.
    socket.send({ type: 'mark_read', conversationId })
    socket.send({ type: 'send_message', conversationId, content: 'Over the socket', messageType: 'verse_share' })
    expect(
      await ruthSocket.frame('message_received', (f) => (f.message as { content: string }).content === 'Over the socket'),
    ).toMatchObject({
      message: { messageType: 'verse_share', senderId: boaz.id },
    })
    expect(ruthSocket.frames.filter((f) => f.type === 'message_read')).toEqual([])
    // On Premium she is.
    await app.database.db.update(users).set({ plan: 'premium' }).where(eq(users.id, ruth.id))
    await api('POST', '/api/messages', { cookie: ruth.cookie, body: { receiverId: boaz.id, content: 'Now with receipts' } })
    await socket.frame('message_received', (f) => (f.message as { content: string }).content === 'Now with receipts')
    socket.send({ type: 'mark_read', conversationId })
    expect(await ruthSocket.frame('message_read')).toEqual({ type: 'message_read', conversationId, readerId: boaz.id })
    socket.ws.close()
    ruthSocket.ws.close()
  })

  it('stores a message sent over HTTP and the socket with one clientMessageId once', async () => {
    const { ruth, boaz, conversationId } = await matchedPair()
    const socket = await specSocket(ruth.cookie)
    const clientMessageId = 'spec-client-0001'
    await api('POST', '/api/messages', {
      cookie: ruth.cookie,
      body: { receiverId: boaz.id, content: 'Both ways', messageType: 'text', clientMessageId },
    })
    socket.send({ type: 'send_message', conversationId, content: 'Both ways', messageType: 'text', clientMessageId })
    await socket.frame('message_received')
    await new Promise((resolve) => setTimeout(resolve, 100))
    const thread = await api('GET', `/api/conversations/${conversationId}/messages`, { cookie: boaz.cookie })
    expect(thread.body.filter((m: { content: string }) => m.content === 'Both ways')).toHaveLength(1)
    socket.ws.close()
  })

  it('tells only conversation partners when a member comes online and goes offline', async () => {
    const { ruth, boaz } = await matchedPair()
    const stranger = await member('woman', 'Orpah')
    const watching = await specSocket(ruth.cookie)
    const outsider = await specSocket(stranger.cookie)
    const boazSocket = await specSocket(boaz.cookie)
    expect(await watching.frame('user_online', (f) => f.userId === boaz.id)).toEqual({ type: 'user_online', userId: boaz.id })
    boazSocket.ws.close()
    expect(await watching.frame('user_offline', (f) => f.userId === boaz.id)).toEqual({ type: 'user_offline', userId: boaz.id })
    expect(outsider.frames.filter((f) => f.userId === boaz.id)).toEqual([])
    watching.ws.close()
    outsider.ws.close()
  })

  it('refuses a missing session, another site and an authenticate naming someone else', async () => {
    const { ruth, boaz } = await matchedPair()
    expect(await upgradeStatus(app.url, '/ws/messaging', {})).toBe(401)
    expect(await upgradeStatus(app.url, '/ws/messaging', { cookie: ruth.cookie, origin: 'https://evil.example' })).toBe(403)

    const socket = await specSocket(ruth.cookie)
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)))
    socket.send({ type: 'authenticate', userId: boaz.id })
    expect(await socket.frame('error')).toMatchObject({ message: 'This connection belongs to another member. Please sign in again.' })
    expect(await closed).toBe(1008)
  })

  it('answers a malformed frame with an error and closes on a frame over 64 KB', async () => {
    const { ruth } = await matchedPair()
    const socket = await specSocket(ruth.cookie)
    socket.ws.send('{not json')
    expect(await socket.frame('error')).toEqual({ type: 'error', message: 'Messages must be JSON text' })
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)))
    socket.ws.send(JSON.stringify({ type: 'typing', padding: 'x'.repeat(70 * 1024) }))
    expect(await closed).toBe(1009)
  })

  it('throttles a flood', async () => {
    const { ruth, conversationId } = await matchedPair()
    const socket = await specSocket(ruth.cookie)
    for (let i = 0; i < 60; i++) socket.send({ type: 'typing', conversationId, isTyping: i % 2 === 0 })
    expect(await socket.frame('error')).toEqual({ type: 'error', message: 'You are sending messages too quickly. Please slow down.' })
    socket.ws.close()
  })

  it('closes the socket when its member signs out', async () => {
    const { ruth } = await matchedPair()
    const socket = await specSocket(ruth.cookie)
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)))
    await api('POST', '/api/logout', { cookie: ruth.cookie, headers: { origin: app.url } })
    expect(await closed).toBe(1008)
  })
})

describe('the tRPC feed over WebSocket', () => {
  it('delivers a message posted over HTTP within a second', async () => {
    const { ruth, boaz, conversationId } = await matchedPair()
    const socket = trpcOverSocket(app.url, { cookie: boaz.cookie })
    const received = new Promise<unknown>((resolve, reject) => {
      const subscription = socket.api.messaging.events.subscribe(
        { conversationId },
        {
          onData: (event) => {
            const data = (event as { data: { type: string } }).data ?? event
            if ((data as { type: string }).type === 'message') {
              subscription.unsubscribe()
              resolve(data)
            }
          },
          onError: reject,
        },
      )
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const started = Date.now()
    await api('POST', '/api/messages', { cookie: ruth.cookie, body: { receiverId: boaz.id, content: 'Through tRPC' } })
    expect(await received).toMatchObject({ type: 'message', conversationId, message: { content: 'Through tRPC' } })
    expect(Date.now() - started).toBeLessThan(1000)
    socket.close()
  })
})
