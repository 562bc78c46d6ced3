import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import express from 'express'
import { openDatabase } from '#db/client.ts'
import { startApp } from '#server/app.ts'
import { readCookie, SESSION_COOKIE, validateSession } from '#server/auth/sessions.ts'
import { parseEnv } from '#server/env.ts'
import { currentUser } from '#server/services/auth.ts'

/** One server per process, so the load generator never shares its event loop. Usage: servers.ts <kind> <port> <db url> */
const [kind, port, databaseUrl] = process.argv.slice(2) as [string, string, string]
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
