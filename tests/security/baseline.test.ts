import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TRPCClientError } from '@trpc/client'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { profiles, users } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import type { AppRouter } from '#server/routers/_app.ts'
import { call, PASSWORD, type Reply, rawGet, registerMember, uniqueEmail } from '#tests/support/http.ts'
import { trpcOverSocket as trpcSocket } from '#tests/support/sockets.ts'
import { testConfig } from '#tests/support/test-config.ts'

const EVIL = 'https://evil.example'
const PARTNER = 'https://covenant.example'
const GENERIC_ERROR = 'Something went wrong. Please try again.'
const CLIENT_SECRET = 'secret-next-to-the-client-folder'

/** A built client of our own (index.html and one asset) with a file beside it that must never be served. */
function clientFolder() {
  const site = mkdtempSync(join(tmpdir(), 'covenant-site-'))
  const client = join(site, 'client')
  mkdirSync(join(client, 'assets'), { recursive: true })
  writeFileSync(
    join(client, 'index.html'),
    '<!doctype html><html><head><title>Covenant</title></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(client, 'assets', 'app.js'), 'console.log("covenant")')
  writeFileSync(join(site, 'secret.txt'), CLIENT_SECRET)
  return client
}

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig({ PUBLIC_ORIGINS: PARTNER, CLIENT_DIR: clientFolder() }))
})
afterAll(async () => {
  await app?.close()
})

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)
const socketUrl = () => `${app.url.replace(/^http/, 'ws')}/trpc`

async function storedBio(userId: string) {
  const [row] = await app.database.db.select({ bio: profiles.bio }).from(profiles).where(eq(profiles.userId, userId))
  return row?.bio
}

/** A tRPC request body as our client sends it (superjson envelope). */
const trpcBody = (json: unknown) => ({ json })

/** Every error body must read as our own words: no stack frames, SQL, engine names or file paths. */
function expectNoInternals(reply: Reply) {
  expect(reply.text).not.toMatch(
    /\n\s+at |\bat .+:\d+:\d+|\(node:|node_modules|SQLITE|libsql|drizzle|\bselect\s|\binsert\s+into\b|\bupdate\s+\w+\s+set\b|\.ts:\d+/i,
  )
}

describe('headers on every response', () => {
  const pages = [
    ['an HTML page', 'GET', '/'],
    ['a client route (SPA fallback)', 'GET', '/login'],
    ['a static asset', 'GET', '/assets/app.js'],
    ['an /api answer', 'GET', '/api/health'],
    ['an /api refusal', 'GET', '/api/auth/user'],
    ['an unknown /api path', 'GET', '/api/nothing-here'],
    ['a /trpc query', 'GET', '/trpc/auth.me'],
    ['a /trpc refusal', 'GET', '/trpc/profile.get'],
    ['an /api error after a POST', 'POST', '/api/login'],
    ['a missing upload', 'GET', '/uploads/photos/nothing-here-card.webp'],
  ] as const

  it.each(pages)('%s carries CSP, nosniff and a Referrer-Policy', async (_label, method, path) => {
    const reply = await api(method, path, method === 'POST' ? { body: {} } : undefined)
    const csp = reply.headers.get('content-security-policy') ?? ''
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    )
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.has('base-uri')).toBe(true)
    expect(directives.get('base-uri')).not.toContain('*')
    const scripts = directives.get('script-src') ?? directives.get('default-src')
    expect(scripts).toBeDefined()
    expect(scripts).not.toContain("'unsafe-inline'")
    expect(scripts).not.toContain("'unsafe-eval'")
    expect(scripts).not.toContain('*')
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff')
    expect(reply.headers.get('referrer-policy')).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/)
  })

  it.each(pages.filter(([, , path]) => path.startsWith('/api') || path.startsWith('/trpc/')))(
    '%s, opened as a page, may load and run nothing, and is never kept',
    async (_label, method, path) => {
      const reply = await api(method, path, method === 'POST' ? { body: {} } : undefined)
      expect(reply.headers.get('content-security-policy')).toMatch(/^default-src 'none';/)
      expect(reply.headers.get('cache-control')).toBe('no-store')
    },
  )

  it('serves the HTML page as HTML', async () => {
    const reply = await api('GET', '/')
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toContain('text/html')
  })

  it('marks member API answers no-store, on /api and /trpc, success or failure', async () => {
    const member = await registerMember(app.url)
    const replies = [
      await api('GET', '/api/auth/user', { cookie: member.cookie }),
      await api('GET', '/api/profile', { cookie: member.cookie }),
      await api('GET', '/api/auth/user'),
      await api('GET', '/trpc/auth.me', { cookie: member.cookie }),
      await api('POST', '/api/login', { body: { email: member.email, password: 'wrong password' } }),
    ]
    for (const reply of replies) expect(reply.headers.get('cache-control')).toContain('no-store')
    expect(replies[0]!.status).toBe(200)
    expect(JSON.stringify(replies[3]!.body)).toContain(member.email)
  })
})

describe('cross-site requests', () => {
  it.each([
    ['an Origin from another site', { Origin: EVIL }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['an opaque (null) Origin', { Origin: 'null' }],
  ])('refuses %s with 403 on /api and /trpc, and changes nothing', async (_label, headers) => {
    const member = await registerMember(app.url)
    const rest = await api('PATCH', '/api/profile', { cookie: member.cookie, headers, body: { bio: 'pwned over REST' } })
    expect(rest.status).toBe(403)
    expect(rest.body).toEqual({ message: expect.any(String) })
    const trpc = await api('POST', '/trpc/profile.update', { cookie: member.cookie, headers, body: trpcBody({ bio: 'pwned over tRPC' }) })
    expect(trpc.status).toBe(403)
    const logout = await api('POST', '/api/logout', { cookie: member.cookie, headers })
    expect(logout.status).toBe(403)

    expect(await storedBio(member.user.id)).toBe('')
    expect((await api('GET', '/api/auth/user', { cookie: member.cookie })).status).toBe(200)
  })

  it('accepts the same mutation from our own origin and from a configured PUBLIC_ORIGINS entry', async () => {
    const member = await registerMember(app.url)
    const own = await api('PATCH', '/api/profile', {
      cookie: member.cookie,
      headers: { Origin: app.url, 'Sec-Fetch-Site': 'same-origin' },
      body: { bio: 'from home' },
    })
    expect(own.status).toBe(200)
    const partner = await api('POST', '/trpc/profile.update', {
      cookie: member.cookie,
      headers: { Origin: PARTNER },
      body: trpcBody({ bio: 'from the partner site' }),
    })
    expect(partner.status).toBe(200)
    expect(await storedBio(member.user.id)).toBe('from the partner site')
  })

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['form-urlencoded', 'application/x-www-form-urlencoded'],
  ])('refuses a %s body a plain HTML form could send, and changes nothing', async (_label, type) => {
    const member = await registerMember(app.url)
    const json = JSON.stringify({ bio: 'sent by a form' })
    const rest = await api('PATCH', '/api/profile', { cookie: member.cookie, headers: { 'content-type': type }, body: json })
    expect([403, 415]).toContain(rest.status)
    const trpc = await api('POST', '/trpc/profile.update', {
      cookie: member.cookie,
      headers: { 'content-type': type },
      body: JSON.stringify(trpcBody({ bio: 'sent by a form' })),
    })
    expect([403, 415]).toContain(trpc.status)
    expect(await storedBio(member.user.id)).toBe('')
  })

  it('does not act on a multipart form posted to a JSON mutation', async () => {
    const member = await registerMember(app.url)
    const form = () => {
      const body = new FormData()
      body.append('bio', 'sent by a form')
      return body
    }
    const rest = await api('PATCH', '/api/profile', { cookie: member.cookie, body: form() })
    expect(rest.status).toBe(415)
    const trpc = await api('POST', '/trpc/profile.update', { cookie: member.cookie, body: form() })
    expect(trpc.status).toBeGreaterThanOrEqual(400)
    expect(trpc.status).toBeLessThan(500)
    expect(await storedBio(member.user.id)).toBe('')
  })

  it('never writes on GET: a mutation called by GET over /trpc is 405', async () => {
    const email = uniqueEmail('get')
    const input = encodeURIComponent(JSON.stringify(trpcBody({ email, password: PASSWORD, firstName: 'Ruth', lastName: 'Moab' })))
    const reply = await api('GET', `/trpc/auth.register?input=${input}`)
    expect(reply.status).toBe(405)
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email))
    expect(row).toBeUndefined()
  })
})

describe('malformed and hostile input', () => {
  const json = { 'content-type': 'application/json' }

  it('answers 413 to a 5 MB JSON body, declared or streamed, on /api and /trpc', async () => {
    const big = JSON.stringify({ email: 'ruth@example.com', password: 'x'.repeat(5 * 1024 * 1024) })
    expect((await api('POST', '/api/login', { headers: json, body: big })).status).toBe(413)
    expect((await api('POST', '/trpc/auth.login', { headers: json, body: JSON.stringify(trpcBody(JSON.parse(big))) })).status).toBe(413)

    const bytes = new TextEncoder().encode(big)
    const streamed = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: json,
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 256 * 1024) controller.enqueue(bytes.slice(i, i + 256 * 1024))
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect((await api('GET', '/api/health')).status).toBe(200)
  })

  it.each([
    ['malformed JSON', Buffer.from('{"email": "ruth@example.com", password}')],
    ['truncated JSON', Buffer.from('{"email": "ruth@example.com", "pass')],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d])],
    ['100k-deep arrays', Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)],
    ['100k-deep objects', Buffer.from(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)],
  ])('answers %s with 400 on /api and 4xx on /trpc, and keeps serving', async (_label, body) => {
    const rest = await api('POST', '/api/login', { headers: json, body: new Uint8Array(body) })
    expect(rest.status).toBe(400)
    expect(rest.body).toEqual({ message: expect.any(String) })
    expectNoInternals(rest)

    const wrapped = Buffer.concat([Buffer.from('{"json":'), body, Buffer.from('}')])
    const trpc = await api('POST', '/trpc/auth.login', { headers: json, body: new Uint8Array(wrapped) })
    expect(trpc.status).toBeGreaterThanOrEqual(400)
    expect(trpc.status).toBeLessThan(500)
    expectNoInternals(trpc)

    expect((await api('GET', '/api/health')).status).toBe(200)
  })

  it.each([
    ['a number for the email', { email: 123, password: PASSWORD }],
    ['an array for the body', [{ email: 'ruth@example.com', password: PASSWORD }]],
    ['an object for the password', { email: 'ruth@example.com', password: { $ne: null } }],
    ['a prototype key', JSON.parse('{"__proto__":{"isAdmin":true}}')],
  ])('answers 400 to %s', async (_label, body) => {
    const reply = await api('POST', '/api/login', { headers: json, body: JSON.stringify(body) })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message: expect.any(String) })
    expectNoInternals(reply)
  })

  it('ignores or refuses __proto__ in a profile update: nothing changes and nothing is polluted', async () => {
    const member = await registerMember(app.url)
    const body = '{"bio":"hello","__proto__":{"plan":"elite","isVerified":true,"isAdmin":true}}'
    const reply = await api('PATCH', '/api/profile', { cookie: member.cookie, headers: json, body })
    expect([200, 400]).toContain(reply.status)
    const [user] = await app.database.db.select({ plan: users.plan }).from(users).where(eq(users.id, member.user.id))
    expect(user!.plan).toBe('free')
    const [profile] = await app.database.db
      .select({ isVerified: profiles.isVerified })
      .from(profiles)
      .where(eq(profiles.userId, member.user.id))
    expect(profile!.isVerified).toBe(false)
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect((await api('GET', '/api/auth/user', { cookie: member.cookie })).body.plan).toBe('free')
  })

  it('stores markup in a name and a bio as text and returns it unchanged, as JSON', async () => {
    const xss = '<img src=x onerror=alert(1)>'
    const member = await registerMember(app.url, { firstName: xss })
    expect(member.user.firstName).toBe(xss)
    const me = await api('GET', '/api/auth/user', { cookie: member.cookie })
    expect(me.headers.get('content-type')).toContain('application/json')
    expect(me.body.firstName).toBe(xss)

    const bio = `</script><script>alert(document.cookie)</script> ' OR 1=1--`
    const updated = await api('PATCH', '/api/profile', { cookie: member.cookie, body: { bio } })
    expect(updated.body.bio).toBe(bio)
    expect((await api('GET', '/trpc/profile.get', { cookie: member.cookie })).body.result.data.json.bio).toBe(bio)
  })

  it('refuses a lone surrogate, NUL, U+202E and 5,000 combining marks in a name with 400', async () => {
    const member = await registerMember(app.url)
    for (const body of [
      '{"firstName":"Ruth\\ud800"}',
      '{"firstName":"Ru\\u0000th"}',
      '{"firstName":"Ruth\\u202eevil"}',
      JSON.stringify({ firstName: `a${'\u0301'.repeat(5000)}` }),
    ]) {
      const reply = await api('PATCH', '/api/profile', { cookie: member.cookie, headers: json, body })
      expect(reply.status).toBe(400)
      expect(reply.body).toEqual({ message: expect.any(String) })
    }
    expect((await api('GET', '/api/auth/user', { cookie: member.cookie })).body.firstName).toBe('Ruth')
  })

  it('answers a 100 KB bio with 400 and a message', async () => {
    const member = await registerMember(app.url)
    const reply = await api('PATCH', '/api/profile', { cookie: member.cookie, body: { bio: 'b'.repeat(100_000) } })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message: 'Please keep your bio under 1000 characters' })
  })

  it('keeps internals out of error bodies, even when the database fails', async () => {
    const member = await registerMember(app.url)
    const refusals = [
      await api('POST', '/api/register', { body: { email: member.email, password: PASSWORD, firstName: 'A', lastName: 'B' } }),
      await api('POST', '/api/login', { body: { email: "' OR 1=1--", password: 'x' } }),
      await api('DELETE', "/api/profile/photos/' OR 1=1--", { cookie: member.cookie }),
      await api('GET', '/trpc/auth.nothing'),
      await api('POST', '/trpc/profile.update', { cookie: member.cookie, body: trpcBody({ gender: 'other' }) }),
    ]
    for (const reply of refusals) {
      expect(reply.status).toBeGreaterThanOrEqual(400)
      expect(reply.status).toBeLessThan(500)
      expectNoInternals(reply)
    }

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const client = app.database.client
    await client.execute(
      "CREATE TRIGGER forced_failure BEFORE UPDATE ON profiles BEGIN SELECT RAISE(ABORT, 'forced failure: select * from profiles'); END",
    )
    try {
      const rest = await api('PATCH', '/api/profile', { cookie: member.cookie, body: { bio: 'boom' } })
      expect(rest.status).toBe(500)
      expect(rest.body).toEqual({ message: GENERIC_ERROR })
      const trpc = await api('POST', '/trpc/profile.update', { cookie: member.cookie, body: trpcBody({ bio: 'boom' }) })
      expect(trpc.status).toBe(500)
      expect(trpc.body.error.json.message).toBe(GENERIC_ERROR)
      for (const reply of [rest, trpc]) {
        expectNoInternals(reply)
        expect(reply.text).not.toContain('forced failure')
      }
    } finally {
      await client.execute('DROP TRIGGER forced_failure')
    }
    // Operators still see what went wrong.
    expect(logged).toHaveBeenCalled()
    expect((await api('PATCH', '/api/profile', { cookie: member.cookie, body: { bio: 'fine again' } })).status).toBe(200)
  })
})

describe('static files', () => {
  it.each([
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%5csecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/uploads/photos/..%2f..%2fapp.db',
    '/uploads/..%2fapp.db',
  ])('never serves a file outside the client folder: %s', async (path) => {
    const reply = await rawGet(app.url, path)
    expect(reply.body).not.toContain(CLIENT_SECRET)
    expect(reply.body).not.toMatch(/root:.*:0:0:/)
    expect(reply.body).not.toContain('"devDependencies"')
    expect(reply.body).not.toContain('SQLite format')
    expect(reply.status === 200 ? reply.body : '<!doctype html>').toContain('<!doctype html>')
  })
})
function trpcOverSocket(headers: { cookie?: string; origin?: string }) {
  return trpcSocket(app.url, headers)
}

function openSocket(headers: { cookie?: string; origin?: string }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(), { headers: headers.cookie ? { cookie: headers.cookie } : {}, origin: headers.origin })
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)))
}

describe('sockets', () => {
  it('refuses an upgrade from another site with 403, cookie or not', async () => {
    const member = await registerMember(app.url)
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(socketUrl(), { origin: EVIL, headers: { cookie: member.cookie } })
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0)
        ws.terminate()
      })
      ws.once('open', () => reject(new Error('the cross-site upgrade was accepted')))
      ws.once('error', () => {})
    })
    expect(status).toBe(403)
  })

  it('runs auth.me for the member on a same-origin upgrade with the session cookie', async () => {
    const member = await registerMember(app.url)
    const socket = trpcOverSocket({ cookie: member.cookie, origin: app.url })
    try {
      expect(await socket.api.auth.me.query()).toEqual(member.user)
      expect((await socket.api.profile.get.query()).firstName).toBe('Ruth')
    } finally {
      await socket.close()
    }
  })

  it('gives a socket without a cookie no member data', async () => {
    const socket = trpcOverSocket({ origin: app.url })
    try {
      expect(await socket.api.auth.me.query()).toBeNull()
      const error = await socket.api.profile.get.query().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(TRPCClientError)
      expect((error as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED')
    } finally {
      await socket.close()
    }
  })

  it("closes a member's open sockets at logout, and the old cookie opens only a visitor's socket", async () => {
    const member = await registerMember(app.url)
    const open = await openSocket({ cookie: member.cookie, origin: app.url })
    const closing = closed(open)
    expect((await api('POST', '/api/logout', { cookie: member.cookie })).status).toBe(200)
    const code = await Promise.race([closing, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 2000))])
    expect(code).toBe(1008)

    const replay = trpcOverSocket({ cookie: member.cookie, origin: app.url })
    try {
      expect(await replay.api.auth.me.query()).toBeNull()
      const error = await replay.api.profile.get.query().catch((e: unknown) => e)
      expect((error as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED')
    } finally {
      await replay.close()
    }
  })

  it('closes a socket that sends a 1 MB frame, and keeps serving others', async () => {
    const ws = await openSocket({ origin: app.url })
    const closing = closed(ws)
    ws.send('x'.repeat(1024 * 1024))
    expect(await closing).toBe(1009)
    expect((await api('GET', '/api/health')).status).toBe(200)
  })
})

describe('bursts', () => {
  it('answers a burst of registrations, profile writes and reads with only 2xx or 429', async () => {
    const registrations = await Promise.all(
      Array.from({ length: 24 }, () =>
        api('POST', '/api/register', { body: { email: uniqueEmail('burst'), password: PASSWORD, firstName: 'Ruth', lastName: 'Moab' } }),
      ),
    )
    expect(registrations.map((reply) => reply.status).filter((status) => status !== 200 && status !== 429)).toEqual([])
    const cookies = registrations.filter((reply) => reply.status === 200).map((reply) => reply.headers.getSetCookie()[0]!.split(';')[0]!)
    expect(cookies.length).toBeGreaterThan(0)

    const mixed = await Promise.all(
      cookies.flatMap((cookie, i) => [
        api('PATCH', '/api/profile', { cookie, body: { bio: `burst ${i}`, city: 'Nashville', state: 'TN', country: 'US' } }),
        api('GET', '/api/profile', { cookie }),
        api('POST', '/api/login', { body: { email: uniqueEmail('nobody'), password: 'wrong password' } }),
      ]),
    )
    const unexpected = mixed.map((reply) => reply.status).filter((status) => ![200, 401, 429, 503].includes(status))
    expect(unexpected).toEqual([])
    expect(mixed.filter((reply) => reply.status === 200).length).toBeGreaterThanOrEqual(cookies.length * 2)
  })
})

describe('graceful shutdown', () => {
  it('finishes in-flight work, tells sockets to reconnect, resolves close(), then refuses connections', async () => {
    const instance = await startApp(testConfig())
    const ws = new WebSocket(`${instance.url.replace(/^http/, 'ws')}/trpc`, { origin: instance.url })
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    const messages: string[] = []
    ws.on('message', (data) => messages.push(String(data)))
    const socketClosed = closed(ws)

    const arrived = new Promise((resolve) => instance.server.once('request', resolve))
    const inFlight = call(instance.url, 'POST', '/api/register', {
      body: { email: uniqueEmail('shutdown'), password: PASSWORD, firstName: 'Ruth', lastName: 'Moab' },
    })
    await arrived
    const started = performance.now()
    await instance.close()
    expect(performance.now() - started).toBeLessThan(2000)

    expect((await inFlight).status).toBe(200)
    expect(await socketClosed).toBe(1012)
    expect(messages.some((message) => message.includes('reconnect'))).toBe(true)
    await expect(fetch(`${instance.url}/api/health`)).rejects.toThrow()
  })
})
