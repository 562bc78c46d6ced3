import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { openDatabase } from '#db/client.ts'
import { call, PASSWORD, registerCompleteMember, sessionCookie } from '#tests/support/http.ts'
import { trpcOverSocket } from '#tests/support/sockets.ts'
import { type AppProcess, Cluster } from './processes.ts'

// Two app processes sharing one database and one Redis, as behind a load balancer: every property a
// member relies on must hold whichever process each of their requests and sockets lands on. The
// database is a libsql server (several machines) or one embedded file (one machine).
const shapes = [
  { name: 'one libsql server', isServer: true, start: (cluster: Cluster) => cluster.startSqld() },
  { name: 'one embedded file', isServer: false, start: (cluster: Cluster) => cluster.shareOneFile() },
]

let cluster: Cluster
let a: AppProcess
let b: AppProcess
let figures: Record<string, string>

type Member = Awaited<ReturnType<typeof registerCompleteMember>>
type Frame = { type: string; [key: string]: unknown }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const member = (on: AppProcess, gender: 'man' | 'woman', firstName: string) => registerCompleteMember(on.url, gender, firstName)

const like = (on: AppProcess, liker: Member, receiver: Member) =>
  call(on.url, 'POST', '/api/likes', { cookie: liker.cookie, body: { receiverId: receiver.id } })

async function matchedPair(ruthOn: AppProcess, boazOn: AppProcess) {
  const [ruth, boaz] = await Promise.all([member(ruthOn, 'woman', 'Ruth'), member(boazOn, 'man', 'Boaz')])
  await like(ruthOn, ruth, boaz)
  const back = await like(boazOn, boaz, ruth)
  expect(back.body).toMatchObject({ isMutual: true })
  return { ruth, boaz, conversationId: back.body.conversationId as string }
}

async function signIn(on: AppProcess, email: string) {
  const reply = await call(on.url, 'POST', '/api/login', { body: { email, password: PASSWORD } })
  expect(reply.status).toBe(200)
  return sessionCookie(reply)!
}

async function upgradeToPremium(on: AppProcess, someone: Member) {
  const started = await call(on.url, 'POST', '/api/subscription', {
    cookie: someone.cookie,
    body: { planId: 'premium', interval: 'monthly' },
  })
  const checkout = (started.body.checkoutUrl as string).split('/').at(-1)
  expect((await call(on.url, 'POST', `/api/billing/demo-checkout/${checkout}/confirm`, { cookie: someone.cookie })).status).toBe(200)
}

/** Waits for the first item that `matches` to appear in `items`, up to `timeoutMs`. */
async function arrival<T>(items: T[], matches: (item: T) => boolean, what: string, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const found = items.find(matches)
    if (found !== undefined) return found
    await sleep(5)
  }
  throw new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(items)}`)
}

/** A raw socket on either path with the member's cookie; frames (JSON) and the close code are kept. */
async function openSocket(on: AppProcess, path: '/ws/messaging' | '/trpc', cookie: string) {
  const ws = new WebSocket(`${on.url.replace('http', 'ws')}${path}`, { headers: { cookie } })
  const frames: Frame[] = []
  let closeCode: number | null = null
  ws.on('message', (data) => frames.push(JSON.parse(data.toString())))
  ws.on('close', (code) => (closeCode = code))
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  ws.on('error', () => {})
  const closed = new Promise<number>((resolve) => (closeCode !== null ? resolve(closeCode) : ws.once('close', resolve)))
  return { ws, frames, closed, send: (frame: object) => ws.send(JSON.stringify(frame)) }
}

/** The member's live feed as the app's client reads it: the `messaging.events` subscription over tRPC's wsLink. */
async function liveFeed(on: AppProcess, cookie: string) {
  const socket = trpcOverSocket(on.url, { cookie })
  const events: Frame[] = []
  await new Promise<void>((resolve, reject) => {
    socket.api.messaging.events.subscribe(
      {},
      {
        onStarted: () => resolve(),
        onData: (event) => events.push(((event as { data?: Frame }).data ?? event) as Frame),
        onError: reject,
      },
    )
  })
  return { events, api: socket.api, close: socket.close }
}

describe.each(shapes)('two app processes on $name and one Redis', (shape) => {
  let started = 0

  beforeAll(async () => {
    started = Date.now()
    cluster = new Cluster()
    figures = {}
    try {
      await Promise.all([shape.start(cluster), cluster.startRedis()])
      ;[a, b] = await Promise.all([cluster.startApp(), cluster.startApp(), cluster.startJobRunner()])
      figures['cluster started in'] = `${Date.now() - started} ms`
    } catch (error) {
      await cluster.stop()
      throw error
    }
  }, 90_000)

  // A failure here may come from any process: what each printed (its errors among it) goes with the report.
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.log(`What the processes printed:\n${cluster.outputs()}`)))

  afterAll(async () => {
    await cluster.stop()
    figures['whole run'] = `${Date.now() - started} ms`
    console.log(
      `Cluster figures, ${shape.name}:\n${Object.entries(figures)
        .map(([name, value]) => `  ${name}: ${value}`)
        .join('\n')}`,
    )
  })

  it('deliver a message sent on one process live to the other member on the other, on both socket paths', async () => {
    const { ruth, boaz, conversationId } = await matchedPair(a, b)
    const [boazSocket, boazFeed, ruthSocket, ruthFeed] = await Promise.all([
      openSocket(b, '/ws/messaging', boaz.cookie),
      liveFeed(b, boaz.cookie),
      openSocket(a, '/ws/messaging', ruth.cookie),
      liveFeed(a, ruth.cookie),
    ])

    const sentAt = Date.now()
    const sent = await call(a.url, 'POST', '/api/messages', { cookie: ruth.cookie, body: { receiverId: boaz.id, content: 'Sent on A' } })
    const answeredAt = Date.now()
    expect(sent.status).toBe(200)
    const isSent = (frame: Frame) => (frame.message as { id?: string } | undefined)?.id === sent.body.id
    expect(await arrival(boazSocket.frames, isSent, 'message_received on B')).toMatchObject({
      type: 'message_received',
      conversationId,
      message: { content: 'Sent on A', senderId: ruth.id },
    })
    expect(await arrival(boazFeed.events, isSent, 'tRPC message on B')).toMatchObject({ type: 'message', conversationId })
    figures['message sent on A'] = `answered in ${answeredAt - sentAt} ms; on both of B's sockets ${Date.now() - answeredAt} ms after that`

    // And back: sent over B's spec socket, heard on A on both paths.
    boazSocket.send({ type: 'send_message', conversationId, content: 'Answered on B', messageType: 'text' })
    const isAnswer = (frame: Frame) => (frame.message as { content?: string } | undefined)?.content === 'Answered on B'
    expect(await arrival(ruthSocket.frames, isAnswer, 'message_received on A')).toMatchObject({ type: 'message_received', conversationId })
    expect(await arrival(ruthFeed.events, isAnswer, 'tRPC message on A')).toMatchObject({ type: 'message', conversationId })

    for (const socket of [boazSocket, ruthSocket]) socket.ws.close()
    for (const feed of [boazFeed, ruthFeed]) feed.close()
  })

  it('make exactly one match when two members like each other on different processes at the same instant, round after round', async () => {
    const ROUNDS = 5
    const PAIRS_PER_ROUND = 2
    const mutualReplies: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const pairs = await Promise.all(
        Array.from({ length: PAIRS_PER_ROUND }, async () => [await member(a, 'woman', 'Naomi'), await member(b, 'man', 'Obed')] as const),
      )
      const replies = await Promise.all(pairs.map(([naomi, obed]) => Promise.all([like(a, naomi, obed), like(b, obed, naomi)])))
      const database = await cluster.database()
      try {
        for (const [index, [naomi, obed]] of pairs.entries()) {
          const pairReplies = replies[index]!
          expect(pairReplies.map((reply) => reply.status)).toEqual([200, 200])
          const { rows } = await database.execute({
            sql: `select m.id as matchId, (select count(*) from conversations c where c.match_id = m.id) as conversations
              from matches m where m.user_low_id = min(?, ?) and m.user_high_id = max(?, ?)`,
            args: [naomi.id, obed.id, naomi.id, obed.id],
          })
          expect(rows).toHaveLength(1)
          expect(Number(rows[0]!.conversations)).toBe(1)
          const mutual = pairReplies.filter((reply) => reply.body.isMutual)
          expect(mutual.length).toBeGreaterThan(0)
          for (const reply of mutual) expect(reply.body.matchId).toBe(rows[0]!.matchId)
          mutualReplies.push(mutual.length)
        }
      } finally {
        database.close()
      }
    }
    figures['like races'] =
      `${ROUNDS * PAIRS_PER_ROUND} pairs in ${ROUNDS} rounds, one match each (${mutualReplies.filter((n) => n === 2).length} pairs heard "match" on both sides)`
  })

  it('hold the free plan’s daily messages and likes across both processes under parallel requests', async () => {
    const { ruth, boaz } = await matchedPair(a, b)
    const SENDS = 10
    const sends = await Promise.all(
      Array.from({ length: SENDS }, (_, i) =>
        call(i % 2 ? b.url : a.url, 'POST', '/api/messages', { cookie: ruth.cookie, body: { receiverId: boaz.id, content: `Quota ${i}` } }),
      ),
    )
    expect(sends.filter((reply) => reply.status === 200)).toHaveLength(3)
    expect(sends.filter((reply) => reply.status === 429)).toHaveLength(SENDS - 3)

    const LIKES = 14
    const receivers: Member[] = []
    for (let i = 0; i < LIKES; i += 2) receivers.push(...(await Promise.all([member(a, 'man', 'Mahlon'), member(b, 'man', 'Chilion')])))
    const likes = await Promise.all(receivers.map((receiver, i) => like(i % 2 ? a : b, ruth, receiver)))
    // Ruth's like of Boaz counts too: nine more fit in the day's ten.
    expect(likes.filter((reply) => reply.status === 200)).toHaveLength(9)
    expect(likes.filter((reply) => reply.status === 429)).toHaveLength(LIKES - 9)

    const database = await cluster.database()
    try {
      const stored = await database.execute({
        sql: 'select (select count(*) from messages where sender_id = ?) as messages, (select count(*) from likes where sender_id = ?) as likes',
        args: [ruth.id, ruth.id],
      })
      expect(stored.rows[0]).toMatchObject({ messages: 3, likes: 10 })
    } finally {
      database.close()
    }
    figures['daily quota'] =
      `${SENDS} parallel sends → 3 stored, ${LIKES} parallel likes → 9 stored (10 with the first), split across A and B`
  })

  it('close a member’s sockets on the other process when they sign out or change their password', async () => {
    const { ruth } = await matchedPair(a, b)
    const { email } = (await call(b.url, 'GET', '/api/auth/user', { cookie: ruth.cookie })).body as { email: string }
    const onB = await Promise.all([openSocket(b, '/ws/messaging', ruth.cookie), openSocket(b, '/trpc', ruth.cookie)])
    const signedOutAt = Date.now()
    expect((await call(a.url, 'POST', '/api/logout', { cookie: ruth.cookie })).status).toBe(200)
    expect(await Promise.all(onB.map((socket) => socket.closed))).toEqual([1008, 1008])
    figures['sign-out on A closes sockets on B'] = `${Date.now() - signedOutAt} ms`
    expect((await call(b.url, 'GET', '/api/auth/user', { cookie: ruth.cookie })).status).toBe(401)

    // A password changed on A ends her other sessions' sockets on B and keeps the session that changed it.
    const second = await signIn(b, email)
    const first = await signIn(a, email)
    const otherSession = await Promise.all([openSocket(b, '/ws/messaging', second), openSocket(b, '/trpc', second)])
    const sameSession = await openSocket(b, '/ws/messaging', first)
    const changed = await call(a.url, 'POST', '/api/account/password', {
      cookie: first,
      body: { currentPassword: PASSWORD, newPassword: 'a new and longer passphrase' },
    })
    expect(changed.status).toBe(200)
    expect(await Promise.all(otherSession.map((socket) => socket.closed))).toEqual([1008, 1008])
    await sleep(200)
    expect(sameSession.ws.readyState).toBe(WebSocket.OPEN)
    sameSession.ws.close()
  })

  it('close a suspended member’s sockets on the other process the moment a moderator decides', async () => {
    const { ruth, boaz, conversationId } = await matchedPair(a, b)
    const deborah = await member(a, 'woman', 'Deborah')
    const database = await cluster.database()
    try {
      await database.execute({ sql: "update users set role = 'moderator' where id = ?", args: [deborah.id] })
    } finally {
      database.close()
    }
    await call(b.url, 'POST', '/api/messages', { cookie: boaz.cookie, body: { receiverId: ruth.id, content: 'Hello Ruth' } })
    const report = await call(a.url, 'POST', '/api/reports', {
      cookie: ruth.cookie,
      body: { userId: boaz.id, reason: 'scam', details: 'He asked me for money.', conversationId },
    })
    expect(report.status).toBe(200)
    const onB = await Promise.all([openSocket(b, '/ws/messaging', boaz.cookie), openSocket(b, '/trpc', boaz.cookie)])

    const decided = await call(a.url, 'POST', `/api/moderation/reports/${report.body.reportId}/decision`, {
      cookie: deborah.cookie,
      body: { action: 'suspend', days: 7, reason: 'Asked a member for money.' },
    })
    expect(decided.status).toBe(200)
    expect(await Promise.all(onB.map((socket) => socket.closed))).toEqual([1008, 1008])
    expect((await call(b.url, 'GET', '/api/auth/user', { cookie: boaz.cookie })).status).toBe(401)
  })

  it('share who is online: a member connected to one process shows online to a partner asking the other', async () => {
    const { ruth, boaz } = await matchedPair(a, b)
    const ruthOnA = await liveFeed(a, ruth.cookie)
    const online = () => ruthOnA.api.messaging.online.query()
    expect(await online()).toEqual([])

    const boazOnB = await openSocket(b, '/ws/messaging', boaz.cookie)
    await arrival(
      ruthOnA.events,
      (event) => event.type === 'presence' && event.userId === boaz.id && event.online === true,
      'presence on A',
    )
    expect(await online()).toEqual([boaz.id])

    // Connected on both processes, leaving one keeps him online: whatever was heard last says so.
    const boazOnA = await openSocket(a, '/ws/messaging', boaz.cookie)
    boazOnB.ws.close()
    await boazOnB.closed
    await sleep(300)
    expect(await online()).toEqual([boaz.id])
    const heard = ruthOnA.events.filter((event) => event.type === 'presence' && event.userId === boaz.id)
    expect(heard.at(-1)).toMatchObject({ online: true })

    boazOnA.ws.close()
    await arrival(
      ruthOnA.events,
      (event) => event.type === 'presence' && event.userId === boaz.id && event.online === false,
      'offline on A',
    )
    expect(await online()).toEqual([])
    ruthOnA.close()
  })

  it('keep serving on one process when the other is killed, with every acknowledged message kept', async () => {
    const SENDERS = 4
    const pairs: Awaited<ReturnType<typeof matchedPair>>[] = []
    for (let i = 0; i < SENDERS; i++) pairs.push(await matchedPair(a, b))
    await Promise.all(pairs.map(({ ruth }) => upgradeToPremium(a, ruth)))
    const receivers = await Promise.all(pairs.map(({ boaz }) => openSocket(b, '/ws/messaging', boaz.cookie)))

    const acknowledged: { id: string; conversationId: string }[] = []
    let failed = 0
    let killed = false
    const sending = pairs.map(async ({ ruth, boaz }, sender) => {
      for (let i = 0; ; i++) {
        try {
          const reply = await call(a.url, 'POST', '/api/messages', {
            cookie: ruth.cookie,
            body: { receiverId: boaz.id, content: `Before the crash ${sender}.${i}` },
          })
          expect(reply.status).toBe(200)
          acknowledged.push({ id: reply.body.id, conversationId: reply.body.conversationId })
        } catch (error) {
          if (!killed) throw error
          failed++
          return
        }
      }
    })
    // Killed mid-stream, once every sender has had a few sends acknowledged.
    await arrival([acknowledged], (list) => list.length >= 4 * SENDERS, 'acknowledged sends', 20_000)
    killed = true
    a.process.kill('SIGKILL')
    await Promise.all(sending)

    // B still answers, and every message whose send returned OK is in its conversation.
    const kept = await Promise.all(
      pairs.map(async ({ boaz, conversationId }) => {
        const thread = await call(b.url, 'GET', `/api/conversations/${conversationId}/messages?limit=100`, { cookie: boaz.cookie })
        expect(thread.status).toBe(200)
        return (thread.body as { id: string }[]).map((message) => message.id)
      }),
    )
    const keptIds = new Set(kept.flat())
    expect(acknowledged.filter((message) => !keptIds.has(message.id))).toEqual([])

    // And B goes on delivering live: a sender now on B reaches the receiver's socket on B.
    const { ruth, boaz } = pairs[0]!
    const after = await call(b.url, 'POST', '/api/messages', {
      cookie: ruth.cookie,
      body: { receiverId: boaz.id, content: 'After the crash' },
    })
    expect(after.status).toBe(200)
    await arrival(
      receivers[0]!.frames,
      (frame) => (frame.message as { id?: string } | undefined)?.id === after.body.id,
      'message after the crash',
    )
    figures['crash of A'] =
      `${acknowledged.length} messages acknowledged before SIGKILL, all ${acknowledged.length} in B's conversations; ${failed} sends cut off by the crash`
    for (const socket of receivers) socket.ws.close()
  })

  // Only a libsql server answers over HTTP.
  if (shape.isServer)
    it('asks the libsql server for its answers uncompressed, and reads them', async () => {
      // A pass-through in front of sqld that notes what the client asked for and what came back.
      const seen: { acceptEncoding?: string; contentEncoding?: string }[] = []
      const target = new URL(cluster.databaseUrl)
      const proxy = createServer((req, res) => {
        const forwarded = request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            seen.push({ acceptEncoding: req.headers['accept-encoding'], contentEncoding: answer.headers['content-encoding'] })
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
          },
        )
        forwarded.on('error', () => res.destroy())
        req.pipe(forwarded)
      })
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
      const database = await openDatabase(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)
      try {
        expect(await database.db.all(sql`select 1 + 1 as two`)).toEqual([{ two: 2 }])
        expect(seen.length).toBeGreaterThan(0)
        expect(seen.every((exchange) => exchange.acceptEncoding === 'identity' && exchange.contentEncoding === undefined)).toBe(true)
      } finally {
        database.close()
        proxy.close()
      }
    })
})
