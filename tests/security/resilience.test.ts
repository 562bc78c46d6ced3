import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type RunningApp, startApp } from '#server/app.ts'
import { MAX_SOCKETS_PER_ADDRESS, MAX_SOCKETS_PER_MEMBER, MAX_SUBSCRIPTIONS_PER_SOCKET } from '#server/realtime/socket-limits.ts'
import { MAX_PHOTO_BYTES } from '#server/services/photos.ts'
import { MAX_DOCUMENT_BYTES } from '#shared/content/verification.ts'
import { call, registerCompleteMember, registerMember } from '#tests/support/http.ts'
import { jpegWithGps } from '#tests/support/images.ts'
import { type RawConnection, type RawReply, rawConnection, rawRequest, requestHead, upgradeRequest } from '#tests/support/raw-client.ts'
import { testConfig } from '#tests/support/test-config.ts'

const EVIL = 'https://evil.example'
const MiB = 1024 * 1024
/** How far the process's memory may grow over one attack (server and attacking client share the process). */
const RSS_BUDGET = 150 * MiB
/** How quickly a bystander must be served while an attack is under way or just over. */
const PROMPT_MS = 2_000

let app: RunningApp
let port: number
/** A member who is not under attack: each attack must leave them served. */
let bystander: { cookie: string }

beforeAll(async () => {
  const client = join(mkdtempSync(join(tmpdir(), 'covenant-site-')), 'client')
  mkdirSync(client, { recursive: true })
  writeFileSync(
    join(client, 'index.html'),
    '<!doctype html><html><head><title>Covenant</title></head><body><div id="root"></div></body></html>',
  )
  app = await startApp(
    testConfig({
      CLIENT_DIR: client,
      REGISTRATIONS_PER_IP_PER_HOUR: '10000',
      LOGIN_ATTEMPTS_PER_IP: '10000',
      BROWSE_REQUESTS_PER_MINUTE: '100000',
      MESSAGES_PER_MINUTE: '10000',
    }),
  )
  port = Number(new URL(app.url).port)
  bystander = await registerMember(app.url, { firstName: 'Naomi' })
})

afterAll(async () => {
  await app?.close()
})

const wsUrl = (path: string) => `${app.url.replace(/^http/, 'ws')}${path}`

/** The home page, the health check and a member's own API call all answer, and quickly. */
async function expectServing() {
  const started = performance.now()
  const [home, health, user] = await Promise.all([
    call(app.url, 'GET', '/'),
    call(app.url, 'GET', '/api/health'),
    call(app.url, 'GET', '/api/auth/user', { cookie: bystander.cookie }),
  ])
  expect(home.status).toBe(200)
  expect(home.headers.get('content-type')).toContain('text/html')
  expect(health.status).toBe(200)
  expect(user.status).toBe(200)
  expect(performance.now() - started).toBeLessThan(PROMPT_MS)
}

/**
 * Runs an attack, then checks the server still serves everyone and memory stayed within bounds. An
 * exception nothing caught would have ended a real server process: the attack fails on it here too.
 */
async function survives<T>(attack: () => Promise<T>): Promise<T> {
  const uncaught: string[] = []
  const record = (error: unknown) =>
    uncaught.push(error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 4).join('\n') : String(error))
  process.on('uncaughtException', record)
  const before = process.memoryUsage().rss
  let result: T
  try {
    result = await attack()
  } finally {
    process.off('uncaughtException', record)
  }
  expect(uncaught, 'uncaught exceptions (each would have crashed the server)').toEqual([])
  await expectServing()
  const grown = process.memoryUsage().rss - before
  expect(grown, `RSS grew by ${(grown / MiB).toFixed(0)} MB over the attack`).toBeLessThan(RSS_BUDGET)
  return result
}

/** The headers every answer carries, a refused upgrade included. */
function expectSecurityHeaders(headers: Record<string, string>) {
  const csp = headers['content-security-policy'] ?? ''
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("object-src 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
}

function expectJsonRefusal(reply: RawReply, status: number) {
  expect(reply.status).toBe(status)
  expectSecurityHeaders(reply.headers)
  expect(reply.headers['content-type']).toContain('application/json')
  expect(JSON.parse(reply.body)).toEqual({ message: expect.any(String) })
}

type Opened = { status: 101; ws: WebSocket } | { status: number; ws?: undefined }

/** A WebSocket as a browser or script opens it: open, or refused with the upgrade's HTTP status. */
function openSocket(path: string, headers: { cookie?: string; origin?: string } = {}): Promise<Opened> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl(path), { headers: headers.cookie ? { cookie: headers.cookie } : {}, origin: headers.origin })
    ws.on('error', () => resolve({ status: 0 }))
    ws.once('open', () => resolve({ status: 101, ws }))
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 })
      res.resume()
      ws.terminate()
    })
  })
}

function closed(ws: WebSocket): Promise<number> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve(-1)
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)))
}

async function closeAll(sockets: (WebSocket | undefined)[]) {
  await Promise.all(
    sockets
      .filter((ws): ws is WebSocket => ws !== undefined)
      .map((ws) => {
        const done = closed(ws)
        ws.close()
        return done
      }),
  )
  // The server counts a socket as gone when its TCP connection closes, a moment after the client's close event.
  await sleep(50)
}

/** Every JSON frame a socket receives, and a way to wait for one. */
function frames(ws: WebSocket) {
  const seen: any[] = []
  const waiters = new Set<() => void>()
  ws.on('message', (data) => {
    try {
      seen.push(JSON.parse(data.toString()))
    } catch {
      seen.push(data.toString())
    }
    for (const waiter of waiters) waiter()
  })
  return {
    seen,
    waitFor(predicate: (frame: any) => boolean, timeoutMs = PROMPT_MS): Promise<any> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = seen.find(predicate)
          if (hit === undefined) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(hit)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error('the expected frame did not arrive in time'))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
  }
}

/** Two complete members who liked each other, so they may message. */
async function matchedPair(her: string, him: string) {
  const woman = await registerCompleteMember(app.url, 'woman', her)
  const man = await registerCompleteMember(app.url, 'man', him)
  expect((await call(app.url, 'POST', '/api/likes', { cookie: woman.cookie, body: { receiverId: man.id } })).status).toBe(200)
  expect((await call(app.url, 'POST', '/api/likes', { cookie: man.cookie, body: { receiverId: woman.id } })).status).toBe(200)
  return { woman, man }
}

describe('WebSocket upgrades', () => {
  it('survives 50 upgrades on every path reset mid-handshake, with and without a session, and still opens real sockets', async () => {
    const member = await registerMember(app.url)
    const paths = ['/trpc', '/ws/messaging', '/nope', '/api/health']
    await survives(async () => {
      for (let i = 0; i < 50; i++) {
        const path = paths[i % paths.length]!
        const cookie = Math.floor(i / paths.length) % 2 === 0 ? member.cookie : undefined
        const request = upgradeRequest(path, { Cookie: cookie })
        const connection = rawConnection(port)
        await connection.connected
        // When the reset lands varies: before the request is whole, as it is read, while the
        // session is looked up, and after the server has answered (or completed the handshake).
        switch (i % 5) {
          case 0:
            connection.socket.write(request.slice(0, request.length >> 1))
            break
          case 1:
            connection.socket.write(request)
            break
          case 2:
            connection.socket.write(request)
            await new Promise((resolve) => setImmediate(resolve))
            break
          case 3:
            connection.socket.write(request)
            await sleep(2)
            break
          case 4:
            connection.socket.write(request)
            await connection.reply(1_000)
            break
        }
        connection.socket.resetAndDestroy()

        if (i % 5 === 4) {
          const normal = await Promise.all([
            openSocket('/trpc', { cookie: member.cookie }),
            openSocket('/ws/messaging', { cookie: member.cookie }),
            openSocket('/trpc'),
          ])
          expect(normal.map((opened) => opened.status)).toEqual([101, 101, 101])
          await closeAll(normal.map((opened) => opened.ws))
        }
      }
      await sleep(100)
    })

    // No reset left a socket counted against its owner: the full allowance still opens, and no more.
    for (const [path, cookie, cap] of [
      ['/trpc', member.cookie, MAX_SOCKETS_PER_MEMBER],
      ['/ws/messaging', member.cookie, MAX_SOCKETS_PER_MEMBER],
      ['/trpc', undefined, MAX_SOCKETS_PER_ADDRESS],
    ] as const) {
      const opened: Opened[] = []
      for (let i = 0; i < cap; i++) opened.push(await openSocket(path, { cookie }))
      expect(opened.map((o) => o.status)).toEqual(Array(cap).fill(101))
      expect((await openSocket(path, { cookie })).status).toBe(429)
      await closeAll(opened.map((o) => o.ws))
    }
  })

  it('answers a refused upgrade with a JSON status that carries the security headers, then hangs up', async () => {
    const member = await registerMember(app.url)
    const full: Opened[] = []
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) full.push(await openSocket('/ws/messaging', { cookie: member.cookie }))
    expect(full.every((o) => o.status === 101)).toBe(true)

    const refusals: [string, Record<string, string | undefined>, number][] = [
      ['/nope', {}, 404],
      ['/api/health', { Cookie: member.cookie }, 404],
      ['/ws/messaging', {}, 401],
      ['/trpc', { Cookie: member.cookie, Origin: EVIL }, 403],
      ['/ws/messaging', { Cookie: member.cookie, Origin: EVIL }, 403],
      ['/trpc', { 'Sec-Fetch-Site': 'cross-site' }, 403],
      ['/ws/messaging', { Cookie: member.cookie }, 429],
    ]
    await survives(async () => {
      for (const [path, headers, status] of refusals) {
        const connection = rawConnection(port)
        await connection.connected
        connection.socket.write(upgradeRequest(path, headers))
        const reply = await connection.reply()
        expectJsonRefusal(reply, status)
        expect(reply.headers.connection).toBe('close')
        expect(await connection.whenClosed()).toBe(true)
        connection.socket.destroy()
      }
    })
    await closeAll(full.map((o) => o.ws))
  })
})

describe('multipart uploads', () => {
  const UPLOADS = [
    ['/api/profile/photos', 'image', MAX_PHOTO_BYTES],
    ['/api/verification/faith', 'document', MAX_DOCUMENT_BYTES],
    ['/api/verification/income', 'document', MAX_DOCUMENT_BYTES],
    ['/api/verification/education', 'document', MAX_DOCUMENT_BYTES],
  ] as const
  const BOUNDARY = '----covenantResilience7MA4YWxkTrZu0gW'
  const partHead = (field: string) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`)
  const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
  const multipartType = `multipart/form-data; boundary=${BOUNDARY}`

  /** A JPEG as a camera writes it (EXIF and all), padded with image-like noise to `size` bytes. */
  async function realLookingFile(size: number) {
    const jpeg = await jpegWithGps(640, 480)
    return Buffer.concat([jpeg.subarray(0, jpeg.length - 2), randomBytes(size - jpeg.length), Buffer.from([0xff, 0xd9])])
  }

  function* slices(body: Buffer, size = 64 * 1024) {
    for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size)
  }

  function* chunked(body: Buffer, size = 64 * 1024) {
    for (const slice of slices(body, size))
      yield Buffer.concat([Buffer.from(`${slice.length.toString(16)}\r\n`), slice, Buffer.from('\r\n')])
    yield Buffer.from('0\r\n\r\n')
  }

  async function send(
    path: string,
    cookie: string | undefined,
    headers: Record<string, string | number>,
    body: Iterable<Buffer>,
    then: 'end' | 'reset' | 'wait',
  ) {
    const connection = rawConnection(port)
    await connection.connected
    connection.socket.write(requestHead('POST', path, { Cookie: cookie, 'Content-Type': multipartType, ...headers }))
    await connection.pump(body)
    if (then === 'end') connection.socket.end()
    if (then === 'reset') {
      connection.socket.resetAndDestroy()
      return null
    }
    const reply = await connection.reply(10_000)
    connection.socket.destroy()
    return reply
  }

  it('refuses truncated, reset, oversized and chunked bodies on every upload path, signed in or not', async () => {
    const member = await registerMember(app.url)
    const big = await realLookingFile(MAX_PHOTO_BYTES + 20_000)
    const small = await realLookingFile(200_000)
    const expected: string[] = []
    const actual: string[] = []

    /** One line per attack: the status, and whether it came as our JSON refusal with the security headers. */
    const summarise = (reply: RawReply | null, watchClose: boolean) => {
      if (!reply) return 'reset by the client'
      if (reply.status === null) return `no answer${reply.closed ? ', closed' : ''}`
      let json = false
      try {
        json = typeof JSON.parse(reply.body).message === 'string'
      } catch {}
      const guarded =
        json &&
        reply.headers['content-security-policy']?.includes("frame-ancestors 'none'") &&
        reply.headers['x-content-type-options'] === 'nosniff'
      const closing = watchClose && reply.headers.connection === 'close' ? ', closes' : ''
      return `${reply.status}${guarded ? '' : ' (bare)'}${closing}`
    }

    await survives(async () => {
      for (const [path, field, limit] of UPLOADS) {
        expect(big.length).toBeGreaterThan(limit)
        const whole = Buffer.concat([partHead(field), small, closing])
        const oversized = Buffer.concat([partHead(field), big, closing])
        const halfway = whole.subarray(0, partHead(field).length + (small.length >> 1))
        const twoFiles = Buffer.concat([
          partHead(field),
          small.subarray(0, 1000),
          Buffer.from('\r\n'),
          partHead(field),
          small.subarray(0, 1000),
          closing,
        ])
        const longField = Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${'n'.repeat(8 * 1024)}\r\n`),
          partHead(field),
          small.subarray(0, 1000),
          closing,
        ])

        for (const cookie of [member.cookie, undefined]) {
          const who = cookie ? 'member' : 'visitor'
          /**
           * `want` is the member's answer; a visitor is refused on the headers alone (`visitorWant`), once a small
           * body has been read. Big bodies must also close the connection.
           */
          const attack = async (label: string, want: string, reply: Promise<RawReply | null>, watchClose = false, visitorWant = '401') => {
            expected.push(`${who} ${path} ${label}: ${cookie ? want : visitorWant}${watchClose ? ', closes' : ''}`)
            actual.push(`${who} ${path} ${label}: ${summarise(await reply, watchClose)}`)
          }
          const cutShortAnswer = (reply: RawReply | null) =>
            // Node's own parser may answer a body that ends before its Content-Length with a bare 400, or not at all: both are fine.
            reply && (reply.status === null || reply.status === 400) ? { ...reply, status: 400, headers: {}, body: '' } : reply

          await attack('truncated mid-part, then ended', '400', send(path, cookie, { 'Content-Length': halfway.length }, [halfway], 'end'))
          await attack(
            'cut short of its Content-Length, then ended',
            '400 (bare)',
            send(path, cookie, { 'Content-Length': whole.length }, [halfway], 'end').then(cutShortAnswer),
            false,
            // The visitor's refusal waits for the body it was promised, which never comes: the parser's bare 400 answers instead.
            '400 (bare)',
          )
          if (cookie)
            await attack(
              'cut short, then reset',
              'reset by the client',
              send(path, cookie, { 'Content-Length': whole.length }, [halfway], 'reset'),
            )
          await attack(
            'declaring 30 MB',
            '413',
            send(path, cookie, { 'Content-Length': 30 * MiB }, [oversized.subarray(0, 256 * 1024)], 'wait'),
            true,
          )
          await attack(
            '10 MiB + 20 KB with a correct Content-Length',
            '413',
            send(path, cookie, { 'Content-Length': oversized.length }, slices(oversized), 'wait'),
            true,
          )
          await attack(
            '10 MiB + 20 KB chunked',
            '413',
            send(path, cookie, { 'Transfer-Encoding': 'chunked' }, chunked(oversized), 'wait'),
            true,
          )
          await attack('two files', '400', send(path, cookie, { 'Content-Length': twoFiles.length }, [twoFiles], 'wait'))
          await attack('an 8 KB text field', '413', send(path, cookie, { 'Content-Length': longField.length }, [longField], 'wait'))
        }
      }
      await sleep(100)
    })
    expect(actual).toEqual(expected)
  })

  it('lets bodies that never end hold only their own connections: others are served, visitors refused at once', async () => {
    const member = await registerMember(app.url)
    const other = await registerMember(app.url)
    const start = Buffer.concat([partHead('image'), randomBytes(64 * 1024)])
    const hanging: RawConnection[] = []

    await survives(async () => {
      for (let i = 0; i < 24; i++) {
        const [path, field] = UPLOADS[i % UPLOADS.length]!
        const connection = rawConnection(port)
        hanging.push(connection)
        await connection.connected
        connection.socket.write(
          requestHead('POST', path, { Cookie: member.cookie, 'Content-Type': multipartType, 'Content-Length': 5 * MiB }),
        )
        connection.socket.write(Buffer.concat([partHead(field), start.subarray(partHead('image').length)]))
      }
      await sleep(200)

      // A visitor's never-ending upload is refused on its headers alone.
      for (const [path] of UPLOADS) {
        const visitor = rawConnection(port)
        await visitor.connected
        const asked = performance.now()
        visitor.socket.write(requestHead('POST', path, { 'Content-Type': multipartType, 'Content-Length': 5 * MiB }))
        visitor.socket.write(start)
        const reply = await visitor.reply(PROMPT_MS)
        expect(performance.now() - asked).toBeLessThan(PROMPT_MS)
        expectJsonRefusal(reply, 401)
        expect(reply.headers.connection).toBe('close')
        visitor.socket.destroy()
      }

      // Meanwhile other members, and the uploader on another connection, are served.
      const asked = performance.now()
      const replies = await Promise.all([
        call(app.url, 'GET', '/api/auth/user', { cookie: other.cookie }),
        call(app.url, 'GET', '/api/profile', { cookie: other.cookie }),
        call(app.url, 'GET', '/api/auth/user', { cookie: member.cookie }),
      ])
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200])
      expect(performance.now() - asked).toBeLessThan(PROMPT_MS)

      // The hanging uploads are still waiting for their bodies (the request timeout will end them), never failed with a 5xx.
      for (const connection of hanging) {
        const reply = await connection.reply(0)
        expect(reply.status === null || (reply.status >= 400 && reply.status < 500)).toBe(true)
      }
      for (const connection of hanging) connection.socket.destroy()
      await sleep(100)
    })
  })
})

describe('malformed addresses', () => {
  it('answers broken escapes, empty segments and overlong paths with a 4xx that carries the security headers', async () => {
    const long = 'a'.repeat(12 * 1024)
    const cases: [string, (status: number) => boolean][] = [
      ['/api/profiles/%ZZ', (s) => s === 400],
      ['/api/profiles/%E0%A4%A', (s) => s === 400],
      ['/api/profiles/%', (s) => s === 400],
      ['//', (s) => s >= 400 && s < 500],
      ['//evil.example/%ZZ', (s) => s >= 400 && s < 500],
      ['/trpc/%ZZ', (s) => s >= 400 && s < 500],
      ['/trpc/%', (s) => s >= 400 && s < 500],
      ['/uploads/photos/%ZZ', (s) => s === 404],
      [`/api/${long}`, (s) => s >= 400 && s < 500],
      [`/trpc/${long}`, (s) => s >= 400 && s < 500],
      [`/api/profiles/${long}`, (s) => s >= 400 && s < 500],
      // Not an API path: the single-page app's shell (200) or a 4xx are both fine, an error is not.
      ['/%', (s) => s < 500],
      ['/%ZZ', (s) => s < 500],
      [`/${long}`, (s) => s < 500],
    ]
    await survives(async () => {
      for (const [path, expected] of cases) {
        for (const cookie of [bystander.cookie, undefined]) {
          const reply = await rawRequest(port, 'GET', path, { Cookie: cookie })
          expect(expected(reply.status ?? 0), `GET ${path.slice(0, 40)} answered ${reply.status}`).toBe(true)
          expectSecurityHeaders(reply.headers)
        }
      }
      // Past Node's header limit (16 KiB) the parser itself refuses the request line.
      const huge = await rawRequest(port, 'GET', `/api/${'a'.repeat(20 * 1024)}`)
      expect(huge.status).toBe(431)
      expectSecurityHeaders(huge.headers)
    })
  })

  it('answers a request its parser refuses in JSON: an address past the header limit gets 431 even while a form with a file is still being sent', async () => {
    const tooLong = `/api/verification/income?before=${'a'.repeat(20 * 1024)}`
    await survives(async () => {
      for (let attempt = 0; attempt < 10; attempt++) {
        const form = new FormData()
        form.append('tier', 'tier1')
        form.append('document', new Blob([new Uint8Array(MAX_DOCUMENT_BYTES / 2)], { type: 'application/pdf' }), 'letter.pdf')
        const reply = await fetch(new URL(tooLong, app.url), { method: 'POST', body: form })
        expect(reply.status).toBe(431)
        expect(await reply.json()).toEqual({ message: 'The address or the headers of this request are too long.' })
      }
      const garbage = rawConnection(port)
      await garbage.connected
      garbage.socket.write('NOT HTTP AT ALL\r\n\r\n')
      const refused = await garbage.reply()
      expect([refused.status, refused.body]).toEqual([400, '{"message":"Bad request"}'])
      expectSecurityHeaders(refused.headers)
      expect(await garbage.whenClosed()).toBe(true)
    })
  })
})

describe('tRPC batches', () => {
  it('refuses a 400-call batch with 400 while others stay fast', async () => {
    const countries = (n: number) => `/trpc/${Array(n).fill('places.countries').join(',')}?batch=1&input={}`
    await survives(async () => {
      expect((await call(app.url, 'GET', countries(20))).status).toBe(200)
      expect((await call(app.url, 'GET', countries(21))).status).toBe(400)
      const flood = Array.from({ length: 25 }, () => call(app.url, 'GET', countries(400), { cookie: bystander.cookie }))
      const asked = performance.now()
      const user = await call(app.url, 'GET', '/api/auth/user', { cookie: bystander.cookie })
      expect(user.status).toBe(200)
      expect(performance.now() - asked).toBeLessThan(PROMPT_MS)
      const replies = await Promise.all(flood)
      expect(new Set(replies.map((r) => r.status))).toEqual(new Set([400]))
      expect(replies[0]!.text).not.toMatch(/\bat .+:\d+:\d+|node_modules/)

      const posted = await call(app.url, 'POST', `/trpc/${Array(400).fill('profile.update').join(',')}?batch=1`, {
        cookie: bystander.cookie,
        body: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [i, { json: { bio: 'batched' } }])),
      })
      expect(posted.status).toBe(400)
    })
  })

  it('answers a socket frame of 20 calls and closes one of 21 with 1008, however the frame begins', async () => {
    const batch = (size: number) =>
      Array.from({ length: size }, (_, id) => ({ id, method: 'query', params: { path: 'places.countries', input: { json: {} } } }))
    await survives(async () => {
      const within = await openSocket('/trpc', { cookie: bystander.cookie })
      const answers = frames(within.ws!)
      within.ws!.send(JSON.stringify(batch(20)))
      await answers.waitFor(() => answers.seen.filter((frame) => frame.result?.type === 'data').length === 20)
      expect(within.ws!.readyState).toBe(WebSocket.OPEN)
      await closeAll([within.ws])

      for (const frame of [JSON.stringify(batch(21)), ` \n\t${JSON.stringify(batch(21))}`]) {
        const over = await openSocket('/trpc', { cookie: bystander.cookie })
        const ended = new Promise<[number, string]>((resolve) => over.ws!.once('close', (code, reason) => resolve([code, String(reason)])))
        const heard = frames(over.ws!)
        over.ws!.send(frame)
        expect(await ended).toEqual([1008, 'Batch too large'])
        expect(heard.seen).toEqual([])
      }
    })
  })
})

describe('socket limits', () => {
  it('opens at most 10 of 40 sockets for one member on each path, or for one address on /trpc, and refuses the rest with 429', async () => {
    const member = await registerMember(app.url)
    await survives(async () => {
      for (const [path, cookie, cap] of [
        ['/trpc', member.cookie, MAX_SOCKETS_PER_MEMBER],
        ['/ws/messaging', member.cookie, MAX_SOCKETS_PER_MEMBER],
        ['/trpc', undefined, MAX_SOCKETS_PER_ADDRESS],
      ] as const) {
        const opened = await Promise.all(Array.from({ length: 40 }, () => openSocket(path, { cookie })))
        const statuses = opened.map((o) => o.status)
        expect(statuses.filter((s) => s === 101)).toHaveLength(cap)
        expect(statuses.filter((s) => s === 429)).toHaveLength(40 - cap)
        // Another member (or a signed-in one beside the anonymous sockets) is not affected.
        const neighbour = await openSocket(path, { cookie: bystander.cookie })
        expect(neighbour.status).toBe(101)
        await closeAll([...opened.map((o) => o.ws), neighbour.ws])
        // Closing gives the allowance back.
        const again = await openSocket(path, { cookie })
        expect(again.status).toBe(101)
        await closeAll([again.ws])
      }
      const anonymous = await Promise.all(Array.from({ length: 40 }, () => openSocket('/ws/messaging')))
      expect(new Set(anonymous.map((o) => o.status))).toEqual(new Set([401]))
    })
  })

  it(`never holds more than ${MAX_SUBSCRIPTIONS_PER_SOCKET} live subscriptions on one tRPC socket, however many are asked for`, async () => {
    const member = await registerMember(app.url)
    const subscribe = (id: number) => ({ id, method: 'subscription', params: { path: 'messaging.events', input: { json: {} } } })
    const errorCode = (frame: any) => (frame.error?.json ?? frame.error)?.data?.code

    /** Live subscriptions as the server reports them: started and not yet stopped or failed. */
    function liveCount(seen: any[]) {
      const live = new Set<number>()
      let most = 0
      for (const frame of seen) {
        if (frame?.result?.type === 'started') live.add(frame.id)
        if (frame?.result?.type === 'stopped' || frame?.error) live.delete(frame.id)
        most = Math.max(most, live.size)
      }
      return { now: live.size, most }
    }

    await survives(async () => {
      // Within the rate: 15 asked in one batch, 10 start and 5 are refused.
      const opened = await openSocket('/trpc', { cookie: member.cookie })
      const ws = opened.ws!
      const feed = frames(ws)
      ws.send(JSON.stringify(Array.from({ length: 15 }, (_, i) => subscribe(i + 1))))
      await feed.waitFor(() => feed.seen.length >= 15)
      expect(feed.seen.filter((f) => f.result?.type === 'started')).toHaveLength(MAX_SUBSCRIPTIONS_PER_SOCKET)
      expect(feed.seen.filter((f) => errorCode(f) === 'TOO_MANY_REQUESTS')).toHaveLength(15 - MAX_SUBSCRIPTIONS_PER_SOCKET)

      // Stopping five frees five slots, and only five.
      for (const id of [1, 2, 3, 4, 5]) ws.send(JSON.stringify({ id, method: 'subscription.stop' }))
      await sleep(1_500)
      ws.send(JSON.stringify(Array.from({ length: 8 }, (_, i) => subscribe(100 + i))))
      await feed.waitFor(() => feed.seen.filter((f) => f.id >= 100).length >= 8)
      const second = feed.seen.filter((f) => f.id >= 100)
      expect(second.filter((f) => f.result?.type === 'started')).toHaveLength(5)
      expect(second.filter((f) => errorCode(f) === 'TOO_MANY_REQUESTS')).toHaveLength(3)

      // Thousands at once: the socket is cut off, and never more than the cap was live.
      const cutOff = closed(ws)
      for (let i = 0; i < 3_000; i++) ws.send(JSON.stringify(subscribe(1_000 + i)))
      expect(await cutOff).toBe(1008)
      expect(liveCount(feed.seen).most).toBeLessThanOrEqual(MAX_SUBSCRIPTIONS_PER_SOCKET)

      // The member's whole allowance of sockets, each flooded with subscriptions at once.
      const sockets = await Promise.all(
        Array.from({ length: MAX_SOCKETS_PER_MEMBER }, () => openSocket('/trpc', { cookie: member.cookie })),
      )
      const feeds = sockets.map((o) => frames(o.ws!))
      const ends = sockets.map((o) => closed(o.ws!))
      for (const [n, o] of sockets.entries()) for (let i = 0; i < 500; i++) o.ws!.send(JSON.stringify(subscribe(n * 10_000 + i)))
      expect(new Set(await Promise.all(ends))).toEqual(new Set([1008]))
      for (const f of feeds) expect(liveCount(f.seen).most).toBeLessThanOrEqual(MAX_SUBSCRIPTIONS_PER_SOCKET)
    })
  })

  it('caps the same live feed served over plain HTTP (server-sent events) as it caps it over the socket', async () => {
    const member = await registerMember(app.url)
    const perMember = MAX_SOCKETS_PER_MEMBER * MAX_SUBSCRIPTIONS_PER_SOCKET
    const path = `/trpc/messaging.events?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`
    const streams: RawConnection[] = []
    try {
      const statuses = await survives(() =>
        Promise.all(
          Array.from({ length: perMember + 50 }, async () => {
            const connection = rawConnection(port)
            streams.push(connection)
            await connection.connected
            connection.socket.write(requestHead('GET', path, { Cookie: member.cookie, Accept: 'text/event-stream' }))
            for (let waited = 0; !connection.answered && !connection.closed && waited < 5_000; waited += 20) await sleep(20)
            return (await connection.reply(0)).status
          }),
        ),
      )
      expect(statuses.every((status) => status !== null && status < 500)).toBe(true)
      const streaming = statuses.filter((status) => status === 200).length
      expect(streaming, `${streaming} live feeds were opened over HTTP for one member`).toBeLessThanOrEqual(perMember)
    } finally {
      for (const connection of streams) connection.socket.destroy()
      await sleep(100)
    }
  })

  it('cuts off a 1,000-frame flood on both socket paths with 1008 while another member is still served promptly', async () => {
    const { woman: flooder } = await matchedPair('Orpah', 'Chilion')
    const { woman: sender, man: receiver } = await matchedPair('Hannah', 'Elkanah')
    const listening = await openSocket('/ws/messaging', { cookie: receiver.cookie })
    const inbox = frames(listening.ws!)

    async function deliveredWithin(content: string) {
      const asked = performance.now()
      const arrival = inbox.waitFor((f) => f.type === 'message_received' && f.message?.content === content)
      const sent = await call(app.url, 'POST', '/api/messages', { cookie: sender.cookie, body: { receiverId: receiver.id, content } })
      expect(sent.status).toBe(200)
      await arrival
      return performance.now() - asked
    }

    await survives(async () => {
      const spec = await openSocket('/ws/messaging', { cookie: flooder.cookie })
      const trpc = await openSocket('/trpc', { cookie: flooder.cookie })
      const specFrames = frames(spec.ws!)
      const ends = [closed(spec.ws!), closed(trpc.ws!)]
      for (let i = 0; i < 1_000; i++) {
        spec.ws!.send(JSON.stringify({ type: 'typing', conversationId: 'not-a-conversation', isTyping: i % 2 === 0 }))
        trpc.ws!.send(JSON.stringify({ id: i + 1, method: 'query', params: { path: 'places.countries', input: {} } }))
      }
      const duringFlood = deliveredWithin('Still here during the flood')
      expect(await Promise.all(ends)).toEqual([1008, 1008])
      expect(specFrames.seen.some((f) => f.type === 'error' && /too quickly/i.test(f.message))).toBe(true)
      expect(specFrames.seen.every((f) => f.type === 'error')).toBe(true)
      expect(await duringFlood).toBeLessThan(PROMPT_MS)

      // One frame past the 64 KiB cap closes either socket with 1009.
      for (const path of ['/ws/messaging', '/trpc']) {
        const big = await openSocket(path, { cookie: flooder.cookie })
        const end = closed(big.ws!)
        big.ws!.send('x'.repeat(1024 * 1024))
        expect(await end).toBe(1009)
      }

      expect(await deliveredWithin('And after it')).toBeLessThan(PROMPT_MS)
    })
    await closeAll([listening.ws])
  })
})
