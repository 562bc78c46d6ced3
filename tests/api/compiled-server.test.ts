import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, registerMember } from '#tests/support/http.ts'
// @ts-expect-error: a plain-JavaScript build script, run by `npm run build` without TypeScript.
import { buildServer } from '../../scripts/build-server.mjs'

const root = resolve(import.meta.dirname, '../..')
// Inside the checkout, as in production: the bundle finds its packages in node_modules from there.
mkdirSync(join(root, 'dist'), { recursive: true })
const outdir = mkdtempSync(join(root, 'dist', '.server-test-'))
const dataDir = mkdtempSync(join(tmpdir(), 'covenant-compiled-'))
const clientDir = join(dataDir, 'client')
const mailDir = join(dataDir, 'mail')

let server: ChildProcess
let url: string

beforeAll(async () => {
  const { index } = (await buildServer(outdir)) as { index: string }
  mkdirSync(clientDir)
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Covenant</title><div id="root"></div>')
  // Plain node, no TypeScript loader, started from elsewhere than the checkout.
  server = spawn(process.execPath, [index], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `file:${join(dataDir, 'app.db')}`,
      UPLOADS_DIR: join(dataDir, 'uploads'),
      MAIL_DIR: mailDir,
      CLIENT_DIR: clientDir,
      APP_SECRET: 'compiled-server-test-secret-0123456789abcdef',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const exited = once(server, 'exit').then(() => {
    throw new Error(`the compiled server exited: ${output.join('')}`)
  })
  const serving = (async () => {
    for await (const chunk of server.stdout!) {
      const found = /serving on (\S+)/.exec(String(chunk))
      if (found) return found[1]!
    }
    throw new Error('no address printed')
  })()
  url = await Promise.race([serving, exited])
})

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = once(server, 'exit')
    server.kill('SIGTERM')
    await exited
  }
  rmSync(outdir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the compiled server, run by plain node', () => {
  it('migrates its database, answers health and serves the app page', async () => {
    const health = await call(url, 'GET', '/api/health')
    expect(health.status).toBe(200)
    expect(health.body).toEqual({ status: 'ok' })
    const page = await call(url, 'GET', '/')
    expect(page.status).toBe(200)
    expect(page.text).toContain('<div id="root">')
  })

  // tRPC is compiled into the bundle from its TypeScript source (scripts/build-server.mjs).
  it('answers a visitor, a member and bad input over tRPC and REST', async () => {
    const visitor = await call(url, 'GET', '/api/auth/user')
    expect(visitor.status).toBe(401)
    expect(visitor.body).toEqual({ message: 'Please sign in to continue.' })
    const overTrpc = await call(url, 'GET', '/trpc/auth.user')
    expect(overTrpc.status).toBe(401)
    expect(overTrpc.body.error.json.message).toBe('Please sign in to continue.')

    const { cookie } = await registerMember(url)
    const member = await call(url, 'GET', '/trpc/auth.user', { cookie })
    expect(member.status).toBe(200)
    expect(member.body.result.data.json.firstName).toEqual(expect.any(String))
    const badInput = await call(url, 'GET', `/trpc/places.states?input=${encodeURIComponent(JSON.stringify({ json: { country: 7 } }))}`)
    expect(badInput.status).toBe(400)
  })

  it('finds the gazetteer, the guides on disk and the email templates', async () => {
    const states = await call(url, 'GET', `/trpc/places.states?input=${encodeURIComponent(JSON.stringify({ json: { country: 'CA' } }))}`)
    expect(states.body.result.data.json).toContainEqual({ code: 'ON', name: 'Ontario' })

    const { cookie } = await registerMember(url)
    const guides = await call(url, 'GET', '/api/sabbath/resources', { cookie })
    expect(guides.status).toBe(200)
    const [guide] = guides.body as { id: string }[]
    const download = await call(url, 'GET', `/api/sabbath/resources/${guide!.id}/download`, { cookie })
    expect(download.status).toBe(200)
    expect(download.text.length).toBeGreaterThan(200)

    // Registering sends the address check, rendered from its React template, into the outbox.
    const deadline = Date.now() + 20_000
    const mail = () => readdirSync(mailDir, { recursive: true }).filter((name) => String(name).endsWith('.eml'))
    while (Date.now() < deadline && (!existsSync(mailDir) || mail().length === 0)) await new Promise((r) => setTimeout(r, 100))
    expect(mail().length).toBeGreaterThan(0)
  })
})
