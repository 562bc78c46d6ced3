import { createTRPCClient, createWSClient, wsLink } from '@trpc/client'
import { inArray, like, sql } from 'drizzle-orm'
import superjson from 'superjson'
import WebSocket from 'ws'
import { openDatabase } from '#db/client.ts'
import { messages, users } from '#db/schema/index.ts'
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts'
import type { AppRouter } from '#server/routers/_app.ts'
import { MEMBERS, machine, percentile, ratio, recordResults, report, type Server, seededDatabase, startServer } from './harness.ts'

/**
 * Message delivery with 1,000 members connected (500 matched pairs of the seeded community, on paid
 * plans so no daily limit stops them) and 50 messages in flight: the time from a sender's socket to
 * the receiver's, on the spec's `/ws/messaging` socket and on the tRPC socket, against a bare `ws`
 * relay that forwards without storing. Every message is looked for in the database afterwards, and
 * the server's resident memory is read at start, after delivery and after the sockets close.
 */
const CONNECTED = Number(process.env.BENCH_CONNECTED ?? 1000)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000)
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 50)
const policy = { idleDays: 14, absoluteDays: 60 }
/** Other pairs, and the messages they send, that warm each server up before it is measured. */
const WARMING_PAIRS = 50
const WARMING_MESSAGES = 500

interface PreparedPair {
  senderId: string
  receiverId: string
  conversationId: string
  cookies: [string, string]
}

interface PairsOfAPath {
  measured: PreparedPair[]
  warming: PreparedPair[]
}

/**
 * For each of `paths` socket paths, members of its own `CONNECTED / 2` open conversations (and
 * WARMING_PAIRS more), each with a session, and on a paid plan. Members of their own, so that every
 * path pays for its members' first message of the day, as members' first messages do; a path that
 * came after another on the same members would measure only later ones, which cost less.
 */
async function preparedPairs(databaseUrl: string, paths: number): Promise<PairsOfAPath[]> {
  const perPath = CONNECTED / 2 + WARMING_PAIRS
  const database = await openDatabase(databaseUrl)
  try {
    const conversations = await database.db.all<{ id: string; a: string; b: string }>(sql`select id, participant1_id as a,
      participant2_id as b from conversations where closed_at is null order by random() limit ${perPath * paths}`)
    await database.db
      .update(users)
      .set({ plan: 'premium' })
      .where(
        inArray(
          users.id,
          conversations.flatMap((c) => [c.a, c.b]),
        ),
      )
    const pairs: PreparedPair[] = []
    for (const conversation of conversations) {
      const sessions = await Promise.all([conversation.a, conversation.b].map((id) => createSession(database.db, id, policy, 'bench')))
      pairs.push({
        senderId: conversation.a,
        receiverId: conversation.b,
        conversationId: conversation.id,
        cookies: sessions.map((session) => `${SESSION_COOKIE}=${session.token}`) as [string, string],
      })
    }
    return Array.from({ length: paths }, (_, path) => {
      const own = pairs.slice(path * perPath, (path + 1) * perPath)
      return { measured: own.slice(WARMING_PAIRS), warming: own.slice(0, WARMING_PAIRS) }
    })
  } finally {
    database.close()
  }
}

/** One way onto a server: connect a member, send to their partner, hear what arrives. */
interface Connection {
  send(content: string): void
  onReceived(listener: (content: string) => void): void
  close(): void
}
type Connect = (pair: PreparedPair, side: 0 | 1) => Promise<Connection>

function openSocket(url: string, cookie: string | undefined, origin: string): Promise<WebSocket> {
  const ws = new WebSocket(url, { headers: cookie ? { cookie } : {}, origin })
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

const specSocket =
  (base: string): Connect =>
  async (pair, side) => {
    const ws = await openSocket(`${base.replace('http', 'ws')}/ws/messaging`, pair.cookies[side], base)
    return {
      send: (content) =>
        ws.send(JSON.stringify({ type: 'send_message', conversationId: pair.conversationId, content, messageType: 'text' })),
      onReceived: (listener) =>
        ws.on('message', (data) => {
          const frame = JSON.parse(data.toString())
          if (frame.type === 'message_received') listener(frame.message.content)
        }),
      close: () => ws.close(),
    }
  }

const trpcSocket =
  (base: string): Connect =>
  async (pair, side) => {
    const cookie = pair.cookies[side]
    const WithCookie = class extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie }, origin: base })
      }
    } as unknown as typeof globalThis.WebSocket
    const client = createWSClient({ url: `${base.replace('http', 'ws')}/trpc`, WebSocket: WithCookie })
    const api = createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] })
    const listeners: ((content: string) => void)[] = []
    if (side === 1) {
      await new Promise<void>((started, failed) => {
        api.messaging.events.subscribe(
          {},
          {
            onStarted: () => started(),
            onError: failed,
            onData: (event) => {
              // New messages come as tracked events (id and data); typing, reads and presence as they are.
              const data = ('data' in event ? event.data : event) as { type: string; message?: { content: string } }
              if (data.type === 'message') for (const listener of listeners) listener(data.message!.content)
            },
          },
        )
      })
    }
    return {
      send: (content) => {
        api.messaging.post.mutate({ conversationId: pair.conversationId, content, messageType: 'text' }).catch((error: unknown) => {
          console.error(`send failed: ${(error as Error).message}`)
        })
      },
      onReceived: (listener) => listeners.push(listener),
      close: () => client.close(),
    }
  }

const relaySocket =
  (base: string): Connect =>
  async (pair, side) => {
    const [self, other] = side === 0 ? [pair.senderId, pair.receiverId] : [pair.receiverId, pair.senderId]
    const ws = await openSocket(`${base.replace('http', 'ws')}/?member=${self}`, undefined, base)
    return {
      send: (content) => ws.send(JSON.stringify({ to: other, content })),
      onReceived: (listener) =>
        ws.on('message', (data) => {
          listener(JSON.parse(data.toString()).message.content)
        }),
      close: () => ws.close(),
    }
  }

/** Connects every pair, sends `count` messages with IN_FLIGHT outstanding, and times each to its arrival. */
async function deliver(connect: Connect, pairs: PreparedPair[], tag: string, count = MESSAGES) {
  const latencies: number[] = []
  const pending = new Map<string, { sentAt: number; done: () => void }>()
  const senders: Connection[] = []
  const receivers: Connection[] = []
  for (const pair of pairs) {
    const [sender, receiver] = await Promise.all([connect(pair, 0), connect(pair, 1)])
    receiver.onReceived((content) => {
      const waiting = pending.get(content)
      if (!waiting) return
      latencies.push(performance.now() - waiting.sentAt)
      pending.delete(content)
      waiting.done()
    })
    senders.push(sender!)
    receivers.push(receiver!)
  }
  let next = 0
  // An answer that never comes frees its lane after ten seconds, so a lost message is counted, not waited on forever.
  const sendOne = (i: number) =>
    new Promise<void>((done) => {
      const content = `${tag} ${i}`
      const timer = setTimeout(() => {
        pending.delete(content)
        done()
      }, 10_000)
      pending.set(content, {
        sentAt: performance.now(),
        done: () => {
          clearTimeout(timer)
          done()
        },
      })
      senders[i % senders.length]!.send(content)
    })
  const started = performance.now()
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await sendOne(next++)
    }),
  )
  const elapsedS = (performance.now() - started) / 1000
  return {
    connected: senders.length + receivers.length,
    sent: count,
    delivered: latencies.length,
    elapsedS,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    close: () => {
      for (const connection of [...senders, ...receivers]) connection.close()
    },
  }
}

async function stored(databaseUrl: string, tag: string): Promise<number> {
  const database = await openDatabase(databaseUrl)
  try {
    const [row] = await database.db
      .select({ count: sql<number>`count(*)` })
      .from(messages)
      .where(like(messages.content, `${tag} %`))
    return row!.count
  } finally {
    database.close()
  }
}

const settle = (ms = 3000) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * V8 may hand back the heap it grew under load only when its memory reducer runs, once allocation
 * has slowed, so the server's memory is read again this long after the last sockets closed.
 */
const LATE_READING_MS = 30_000
const LATE_READING = `${LATE_READING_MS / 1000} s after the sockets closed Mb`
/** "Back near start": resident memory within this share of its reading at start. */
const NEAR_START = 0.05

/**
 * Before a path is measured, other pairs send WARMING_MESSAGES over it and close (as the HTTP benches
 * warm up with other members): the measured members' first messages still cost what a first does.
 */
async function warmUp(connect: Connect, pairs: PreparedPair[], tag: string) {
  const run = await deliver(connect, pairs, `warming ${tag}`, WARMING_MESSAGES)
  if (run.delivered !== run.sent) throw new Error(`${tag}: ${run.sent - run.delivered} of the warming messages did not arrive`)
  run.close()
}

/** The product's two socket paths, in the order they are measured. */
const SOCKET_PATHS = [
  ['/ws/messaging', specSocket],
  ['/trpc', trpcSocket],
] as const

export async function deliveryBench() {
  const databaseUrl = await seededDatabase()
  const pairsOfPath = await preparedPairs(databaseUrl, SOCKET_PATHS.length)
  const startMachine = machine()

  // One process each: the relay cannot forward between processes, and the memory bar reads one.
  const relay: Server = await startServer('relay', 4631, databaseUrl, { processes: 1 })
  await warmUp(relaySocket(relay.url), pairsOfPath[0]!.warming, 'relay')
  const relayRun = await deliver(relaySocket(relay.url), pairsOfPath[0]!.measured, 'relay')
  const relayPerSecond = Math.round(relayRun.delivered / relayRun.elapsedS)
  relayRun.close()
  await relay.stop()

  const product = await startServer('covenant', 4632, databaseUrl, { processes: 1 })
  const memory: Record<string, number> = {}
  const paths: Record<string, Awaited<ReturnType<typeof deliver>> & { persisted: number; lost: number }> = {}
  try {
    await settle()
    memory.startMb = Math.round(product.rssMb())
    for (const [at, [path, socket]] of SOCKET_PATHS.entries()) {
      const tag = `bench ${path}`
      const connect = socket(product.url)
      const { measured, warming } = pairsOfPath[at]!
      await warmUp(connect, warming, path)
      const run = await deliver(connect, measured, tag)
      memory[`after ${path} delivery Mb`] = Math.round(product.rssMb())
      run.close()
      await settle()
      memory[`after ${path} sockets closed Mb`] = Math.round(product.rssMb())
      const persisted = await stored(databaseUrl, tag)
      paths[path] = { ...run, persisted, lost: run.sent - persisted }
    }
    await settle(LATE_READING_MS - 3000)
    memory[LATE_READING] = Math.round(product.rssMb())
  } finally {
    await product.stop()
  }

  const afterDelivery = Math.max(...Object.entries(memory).flatMap(([key, mb]) => (key.includes('delivery') ? [mb] : [])))
  const afterClose = memory['after /trpc sockets closed Mb']!
  const late = memory[LATE_READING]!
  const results = {
    relay: { messagesPerSecond: relayPerSecond, p50Ms: relayRun.p50Ms, p99Ms: relayRun.p99Ms, delivered: relayRun.delivered },
    paths: Object.entries(paths).map(([path, run]) => {
      const persistedPerSecond = Math.round(run.persisted / run.elapsedS)
      const vsRelay = ratio(persistedPerSecond, relayPerSecond)
      return {
        path,
        connected: run.connected,
        sent: run.sent,
        delivered: run.delivered,
        persisted: run.persisted,
        lost: run.lost,
        persistedPerSecond,
        p50Ms: run.p50Ms,
        p99Ms: run.p99Ms,
        vsRelay,
        pass: {
          'p99 < 50 ms': run.p99Ms < 50,
          'throughput ≥ 0.5 × relay': persistedPerSecond >= 0.5 * relayPerSecond,
          'zero lost': run.lost === 0 && run.delivered === run.sent,
        },
      }
    }),
    memory: {
      ...memory,
      growthAfterDeliveryMb: afterDelivery - memory.startMb!,
      growthAfterCloseMb: afterClose - memory.startMb!,
      growthLateMb: late - memory.startMb!,
      pass: {
        '≤ +100 MB after delivery': afterDelivery - memory.startMb! <= 100,
        [`within ${NEAR_START * 100} % of start ${LATE_READING_MS / 1000} s after the sockets closed`]:
          late <= memory.startMb! * (1 + NEAR_START),
      },
    },
  }
  recordResults('delivery', {
    members: MEMBERS,
    connected: CONNECTED,
    messages: MESSAGES,
    inFlight: IN_FLIGHT,
    machine: { start: startMachine, end: machine() },
    results,
  })
  report(`${MESSAGES} messages, ${IN_FLIGHT} in flight, ${CONNECTED} members connected`, [
    {
      path: 'ws relay (no storage)',
      'msg/s': relayPerSecond,
      'p50 ms': relayRun.p50Ms,
      'p99 ms': relayRun.p99Ms,
      delivered: relayRun.delivered,
    },
    ...results.paths.map((row) => ({
      path: row.path,
      'msg/s': row.persistedPerSecond,
      'p50 ms': row.p50Ms,
      'p99 ms': row.p99Ms,
      delivered: row.delivered,
      persisted: row.persisted,
      lost: row.lost,
      'vs relay': row.vsRelay,
      pass: Object.values(row.pass).every(Boolean) ? 'yes' : 'no',
    })),
  ])
  report('Server memory (RSS, MB)', [memory])
  report('Memory bars', [results.memory.pass])
}
