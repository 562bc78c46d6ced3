import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts'
import { createLocalBus } from '#server/realtime/bus.ts'
import { seedDemoMembers } from '#server/seed/index.ts'
import { likeMember } from '#server/services/likes.ts'

/**
 * Message delivery on the spec's socket: the time from `send_message` on one member's socket to
 * `message_received` on the other's, with 1,000 members connected against 10, in one run. Premium
 * plans, so the daily limit does not stop the senders.
 */
const CONNECTED = Number(process.env.BENCH_CONNECTED ?? 1000)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000)
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 5)

interface Pair {
  sender: WebSocket
  receiver: WebSocket
  conversationId: string
}

async function preparedDatabase(members: number) {
  const url = `file:${join(mkdtempSync(join(tmpdir(), 'covenant-delivery-')), 'bench.db')}`
  const database = await openDatabase(url)
  await migrateDatabase(database.db)
  await seedDemoMembers(database.db, { count: members + 2 })
  await database.db.update(users).set({ plan: 'premium' })
  const profiles = await database.db.query.profiles.findMany({ columns: { userId: true, gender: true } })
  const men = profiles.filter((p) => p.gender === 'man').map((p) => p.userId)
  const women = profiles.filter((p) => p.gender === 'woman').map((p) => p.userId)
  const pairs: { a: string; b: string; conversationId: string; cookies: [string, string] }[] = []
  const policy = { idleDays: 14, absoluteDays: 60 }
  const bus = createLocalBus()
  for (let i = 0; i < Math.min(men.length, women.length) && pairs.length * 2 < members; i++) {
    const [a, b] = [men[i]!, women[i]!]
    await likeMember(database.db, bus, { id: a, plan: 'premium' }, b)
    const { conversationId } = await likeMember(database.db, bus, { id: b, plan: 'premium' }, a)
    const cookies = (await Promise.all([createSession(database.db, a, policy, null), createSession(database.db, b, policy, null)])).map(
      (session) => `${SESSION_COOKIE}=${session.token}`,
    ) as [string, string]
    pairs.push({ a, b, conversationId: conversationId!, cookies })
  }
  database.close()
  return { url, pairs }
}

function startServer(port: number, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/servers.ts', 'covenant', String(port), databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return once(child.stdout!, 'data').then(() => child)
}

function connect(base: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/messaging`, { headers: { cookie }, origin: base })
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

async function measure(connected: number, port: number) {
  const { url, pairs: prepared } = await preparedDatabase(connected)
  const server = await startServer(port, url)
  try {
    return await deliver(port, prepared)
  } finally {
    server.kill()
  }
}

async function deliver(port: number, prepared: Awaited<ReturnType<typeof preparedDatabase>>['pairs']) {
  const base = `http://127.0.0.1:${port}`
  const pairs: Pair[] = []
  for (const pair of prepared) {
    const [sender, receiver] = await Promise.all(pair.cookies.map((cookie) => connect(base, cookie)))
    pairs.push({ sender: sender!, receiver: receiver!, conversationId: pair.conversationId })
  }

  const latencies: number[] = []
  const pending = new Map<string, { sentAt: number; done: () => void }>()
  for (const pair of pairs) {
    pair.receiver.on('message', (data) => {
      const frame = JSON.parse(data.toString())
      if (frame.type !== 'message_received') return
      const waiting = pending.get(frame.message.content)
      if (!waiting) return
      latencies.push(performance.now() - waiting.sentAt)
      pending.delete(frame.message.content)
      waiting.done()
    })
  }
  // A socket takes bursts of 20 frames (10 a second after), so messages rotate through the pairs
  // and a small run sends fewer.
  const total = Math.min(MESSAGES, pairs.length * 15)
  let next = 0
  const sendOne = (i: number) =>
    new Promise<void>((done) => {
      const pair = pairs[i % pairs.length]!
      const content = `bench ${i}`
      pending.set(content, { sentAt: performance.now(), done })
      pair.sender.send(JSON.stringify({ type: 'send_message', conversationId: pair.conversationId, content, messageType: 'text' }))
    })
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < total) await sendOne(next++)
    }),
  )
  for (const pair of pairs) {
    pair.sender.close()
    pair.receiver.close()
  }
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!
  return { connected: pairs.length * 2, delivered: latencies.length, p50: at(0.5), p99: at(0.99) }
}

const small = await measure(10, 4621)
const large = await measure(CONNECTED, 4622)
console.log(`\nUp to ${MESSAGES} messages, ${IN_FLIGHT} in flight, send_message → message_received on the spec's socket\n`)
console.table(
  [small, large].map((row) => ({
    'members connected': row.connected,
    delivered: row.delivered,
    'p50 ms': row.p50.toFixed(1),
    'p99 ms': row.p99.toFixed(1),
    'p99 vs 10 connected': `${((row.p99 / small.p99) * 100).toFixed(0)}%`,
  })),
)
