import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import express from 'express'
import { openDatabase } from '#db/client.ts'
import { startApp } from '#server/app.ts'
import { readCookie, SESSION_COOKIE, validateSession } from '#server/auth/sessions.ts'
import { parseEnv } from '#server/env.ts'
import { currentUser } from '#server/services/auth.ts'
import { DiscoverInput } from '#shared/schemas/members.ts'

/** One server per process, so the load generator never shares its event loop. Usage: servers.ts <kind> <port> <db url> [module] */
const [kind, port, databaseUrl, module] = process.argv.slice(2) as [string, string, string, string?]
const policy = { idleDays: 14, absoluteDays: 60 }

async function rawBaseline() {
  const { db } = await openDatabase(databaseUrl)
  // The same session lookup and user query the product runs, with no framework around it.
  const handle = async (cookie: string | undefined) => {
    const token = readCookie(cookie, SESSION_COOKIE)
    const session = token ? await validateSession(db, token, policy) : null
    return session ? currentUser(db, session.user.id) : null
  }
  return { db, handle }
}

if (kind === 'raw') {
  const { handle } = await rawBaseline()
  createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const user = await handle(req.headers.cookie)
    const body = JSON.stringify(user ?? { message: 'Please sign in to continue.' })
    res.writeHead(user ? 200 : 401, { 'Content-Type': 'application/json' }).end(body)
  }).listen(Number(port), '127.0.0.1', () => console.log('ready'))
} else if (kind === 'discover') {
  // A Discover service module (today's or an earlier one) behind the bare handler: GET ?filter → first page.
  const { discover } = (await import(resolve(module!))) as typeof import('#server/services/discover.ts')
  const { db } = await rawBaseline()
  createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE)
    const session = token ? await validateSession(db, token, policy) : null
    if (!session) return void res.writeHead(401).end()
    const url = new URL(req.url ?? '/', 'http://localhost')
    const page = await discover(db, session.user, DiscoverInput.parse(Object.fromEntries(url.searchParams)))
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(page.profiles))
  }).listen(Number(port), '127.0.0.1', () => console.log('ready'))
} else if (kind === 'express') {
  const { handle } = await rawBaseline()
  const app = express()
  app.get('/api/auth/user', async (req, res) => {
    const user = await handle(req.headers.cookie)
    res.status(user ? 200 : 401).json(user ?? { message: 'Please sign in to continue.' })
  })
  app.listen(Number(port), '127.0.0.1', () => console.log('ready'))
} else {
  await startApp(parseEnv({ ...process.env, PORT: port, HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: '0' }))
  console.log('ready')
}

// Exit normally on a kill so `node --cpu-prof` can write its profile.
process.on('SIGTERM', () => process.exit(0))
