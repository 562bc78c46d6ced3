import cluster from 'node:cluster'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import express from 'express'
import { WebSocketServer } from 'ws'
import { type Database, openDatabase } from '#db/client.ts'
import { forkSharingPort, startServing } from '#server/app-processes.ts'
import { hashPassword, verifyPassword } from '#server/auth/password.ts'
import { readCookie, SESSION_COOKIE, validateSession } from '#server/auth/sessions.ts'
import { parseEnv } from '#server/env.ts'
import { currentUser } from '#server/services/auth.ts'
import { discover } from '#server/services/discover.ts'
import { quantumMatches } from '#server/services/quantum.ts'
import { DiscoverInput } from '#shared/schemas/members.ts'

/**
 * One server per process, so the load generator never shares its event loop. Usage:
 * servers.ts <kind> <port> <db url>, kind one of covenant, raw, express, argon2, relay; with
 * APP_PROCESSES above 1 (and REDIS_URL for the product), that many processes share the port.
 */
const [kind, port, databaseUrl] = process.argv.slice(2) as [string, string, string]
const policy = { idleDays: 14, absoluteDays: 60 }
const ready = () => console.log('ready')

/**
 * The reads the product serves, with no framework around them: the same session lookup, then the
 * same service function on the same client. `null` is "not signed in"; an unknown path is undefined.
 */
function bareReads(db: Database) {
  const reads: Record<string, (user: { id: string; plan: string }, query: URLSearchParams) => Promise<unknown>> = {
    '/api/auth/user': (user) => currentUser(db, user.id),
    '/api/profiles/discover': async (user, query) =>
      (await discover(db, user as Parameters<typeof discover>[1], DiscoverInput.parse(Object.fromEntries(query)))).profiles,
    '/api/matches/quantum': async (user, query) =>
      (await quantumMatches(db, user as Parameters<typeof quantumMatches>[1], Number(query.get('limit') ?? 20))).matches,
  }
  return async (path: string, cookie: string | undefined, query: URLSearchParams): Promise<unknown> => {
    const read = reads[path]
    if (!read) return undefined
    const token = readCookie(cookie, SESSION_COOKIE)
    const session = token ? await validateSession(db, token, policy) : null
    return session ? read(session.user, query) : null
  }
}

if (kind !== 'covenant' && cluster.isPrimary && Number(process.env.APP_PROCESSES ?? 1) > 1) {
  // The bare handlers in as many processes as the product, sharing the port the way it does.
  await forkSharingPort(Number(process.env.APP_PROCESSES))
  ready()
} else if (kind === 'raw') {
  const { db } = await openDatabase(databaseUrl)
  const read = bareReads(db)
  createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const body = await read(url.pathname, req.headers.cookie, url.searchParams)
    if (body === undefined) return void res.writeHead(404).end()
    res
      .writeHead(body ? 200 : 401, { 'Content-Type': 'application/json' })
      .end(JSON.stringify(body ?? { message: 'Please sign in to continue.' }))
  }).listen(Number(port), '127.0.0.1', ready)
} else if (kind === 'express') {
  const { db } = await openDatabase(databaseUrl)
  const read = bareReads(db)
  const app = express()
  app.get(['/api/auth/user', '/api/profiles/discover', '/api/matches/quantum'], async (req, res) => {
    const url = new URL(req.originalUrl, 'http://localhost')
    const body = await read(url.pathname, req.headers.cookie, url.searchParams)
    res.status(body ? 200 : 401).json(body ?? { message: 'Please sign in to continue.' })
  })
  app.listen(Number(port), '127.0.0.1', ready)
} else if (kind === 'argon2') {
  // The password check alone, with the product's argon2id parameters, behind the bare handler; it
  // also answers the readiness probe's GET.
  const passwordHash = await hashPassword('covenant-demo')
  createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const ok = req.method !== 'POST' || (await verifyPassword(passwordHash, JSON.parse(Buffer.concat(chunks).toString()).password))
      res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' }).end('{}')
    })
  }).listen(Number(port), '127.0.0.1', ready)
} else if (kind === 'relay') {
  // Forwards each frame to the member named in it, storing nothing: the floor under message delivery.
  const server = createServer((_req, res) => res.writeHead(200).end())
  const wss = new WebSocketServer({ server })
  const sockets = new Map<string, import('ws').WebSocket>()
  wss.on('connection', (ws, req) => {
    ws.on('error', () => ws.terminate())
    const member = new URL(req.url ?? '/', 'http://localhost').searchParams.get('member')!
    sockets.set(member, ws)
    ws.on('close', () => sockets.delete(member))
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { to: string; content: string }
      sockets.get(frame.to)?.send(JSON.stringify({ type: 'message_received', message: { content: frame.content } }))
    })
  })
  server.listen(Number(port), '127.0.0.1', ready)
} else {
  await startServing(parseEnv({ ...process.env, PORT: port, HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: '0' }))
  ready()
}

// Exit normally on a kill so `node --cpu-prof` can write its profile.
process.on('SIGTERM', () => process.exit(0))
