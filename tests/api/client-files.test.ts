import { copyFileSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '#server/app.ts'
import { testConfig } from '#tests/support/test-config.ts'

const PAGE = `<!doctype html><html><head><title>Covenant</title><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`
const SCRIPT = `export const greeting = ${JSON.stringify('Welcome to Covenant. '.repeat(200))}\n`
const ASSET = '/assets/app-B4x9Qz1k.js'

const LANDING = PAGE.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered><h1>Find the one God has prepared for you</h1></div>',
)
const MEMBER_HOME = PAGE.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/discover-screen-C7d1Qe2x.js"></head>')

/**
 * A built client as `npm run build` leaves it: text files with their brotli and gzip copies, and the
 * real public files; with `homePages`, the two pages the build writes for `/` too: the landing page
 * drawn for visitors, and for members the app page that names Discover's code.
 */
function builtClient({ homePages = false } = {}) {
  const client = join(mkdtempSync(join(tmpdir(), 'covenant-client-')), 'client')
  mkdirSync(join(client, 'assets'), { recursive: true })
  mkdirSync(join(client, '.vite'))
  const write = (path: string, text: string) => {
    writeFileSync(join(client, path), text)
    writeFileSync(join(client, `${path}.br`), brotliCompressSync(text))
    writeFileSync(join(client, `${path}.gz`), gzipSync(text))
  }
  write('index.html', PAGE)
  if (homePages) {
    write('landing.html', LANDING)
    write('discover.html', MEMBER_HOME)
  }
  write(ASSET.slice(1), SCRIPT)
  writeFileSync(join(client, 'assets', 'tiny-Dk2q9x0A.js'), 'export {}\n')
  writeFileSync(join(client, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/app-B4x9Qz1k.js"}}')
  for (const file of ['robots.txt', 'manifest.webmanifest', 'favicon.svg'])
    copyFileSync(join('src/client/public', file), join(client, file))
  return client
}

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig({ CLIENT_DIR: builtClient() }))
})
afterAll(async () => {
  await app?.close()
})

/** A request as a browser or a cache sends it, with the body exactly as it came over the wire. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET', base = app.url): Promise<Reply> {
  const { port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

describe('compressed copies', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['br;q=1.0, gzip;q=0.8', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
    ['*', 'br', brotliDecompressSync],
  ])('Accept-Encoding "%s" gets %s, which unpacks to the file itself', async (accept, encoding, unpack) => {
    const reply = await get(ASSET, { 'Accept-Encoding': accept })
    expect(reply.status).toBe(200)
    expect(reply.headers['content-encoding']).toBe(encoding)
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(reply.headers.vary).toBe('Accept-Encoding')
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length)
    expect(reply.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5)
    expect(unpack(reply.body).toString('utf8')).toBe(SCRIPT)
  })

  it.each([[''], ['identity'], ['deflate'], ['br;q=0, gzip;q=0'], ['*;q=0']])(
    'Accept-Encoding "%s" gets the plain file',
    async (accept) => {
      const reply = await get(ASSET, accept ? { 'Accept-Encoding': accept } : {})
      expect(reply.status).toBe(200)
      expect(reply.headers['content-encoding']).toBeUndefined()
      expect(reply.headers.vary).toBe('Accept-Encoding')
      expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT))
      expect(reply.body.toString('utf8')).toBe(SCRIPT)
    },
  )

  it('sends a file too small to have copies as it is, to any browser', async () => {
    const reply = await get('/assets/tiny-Dk2q9x0A.js', { 'Accept-Encoding': 'br, gzip' })
    expect(reply.status).toBe(200)
    expect(reply.headers['content-encoding']).toBeUndefined()
    expect(reply.body.toString('utf8')).toBe('export {}\n')
  })

  it('ignores a copy older than its file, left over from an earlier build', async () => {
    const client = builtClient()
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(client, ASSET.slice(1)), later, later)
    const other = await startApp(testConfig({ CLIENT_DIR: client }))
    try {
      const reply = await get(ASSET, { 'Accept-Encoding': 'br, gzip' }, 'GET', other.url)
      expect(reply.headers['content-encoding']).toBeUndefined()
      expect(reply.body.toString('utf8')).toBe(SCRIPT)
    } finally {
      await other.close()
    }
  })

  it('compresses the app page too, for every client route', async () => {
    for (const path of ['/', '/settings']) {
      const reply = await get(path, { 'Accept-Encoding': 'br' })
      expect(reply.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(reply.body).toString('utf8')).toBe(PAGE)
    }
  })

  it('answers HEAD with the headers of the copy it would send and no body', async () => {
    const full = await get(ASSET, { 'Accept-Encoding': 'gzip' })
    const head = await get(ASSET, { 'Accept-Encoding': 'gzip' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-encoding']).toBe('gzip')
    expect(head.headers['content-length']).toBe(full.headers['content-length'])
    expect(head.headers.etag).toBe(full.headers.etag)
  })
})

describe('caching', () => {
  it('marks hashed assets immutable for a year and the app page no-cache', async () => {
    expect((await get(ASSET)).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await get('/')).headers['cache-control']).toBe('no-cache')
    expect((await get('/messaging')).headers['cache-control']).toBe('no-cache')
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache')
    expect((await get('/robots.txt')).headers['cache-control']).not.toContain('immutable')
  })

  it('gives each copy its own strong ETag', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (accept) => (await get(ASSET, { 'Accept-Encoding': accept })).headers.etag),
    )
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/)
    expect(new Set(tags).size).toBe(3)
    expect((await get(ASSET, { 'Accept-Encoding': 'br' })).headers.etag).toBe(tags[0])
  })

  it('answers a matching If-None-Match with 304 and no body, a stale one with the file', async () => {
    for (const [path, accept] of [
      [ASSET, 'br'],
      [ASSET, 'gzip'],
      ['/', 'br'],
      ['/', ''],
    ] as const) {
      const first = await get(path, { 'Accept-Encoding': accept })
      const etag = String(first.headers.etag)
      const again = await get(path, { 'Accept-Encoding': accept, 'If-None-Match': etag })
      expect(again.status).toBe(304)
      expect(again.body.length).toBe(0)
      expect(again.headers.etag).toBe(etag)
      expect(again.headers['cache-control']).toBe(first.headers['cache-control'])
      expect((await get(path, { 'Accept-Encoding': accept, 'If-None-Match': `"stale", W/${etag}` })).status).toBe(304)
      const stale = await get(path, { 'Accept-Encoding': accept, 'If-None-Match': '"an-older-build"' })
      expect(stale.status).toBe(200)
      expect(stale.body.length).toBe(Number(stale.headers['content-length']))
    }
  })

  it('does not hand the brotli tag’s 304 to a browser asking for another encoding', async () => {
    const br = String((await get(ASSET, { 'Accept-Encoding': 'br' })).headers.etag)
    const plain = await get(ASSET, { 'If-None-Match': br })
    expect(plain.status).toBe(200)
    expect(plain.body.toString('utf8')).toBe(SCRIPT)
  })
})

describe('missing files and app routes', () => {
  it.each([
    '/robots-missing.txt',
    '/favicon.png',
    '/assets/nope.js',
    '/assets/nope',
    '/sitemap.xml',
    '/settings/photo.jpg',
    '/.vite/manifest.json',
  ])('%s is 404, not the app page', async (path) => {
    const reply = await get(path)
    expect(reply.status).toBe(404)
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(reply.body.toString('utf8')).not.toContain('<div id="root">')
    expect((await get(path, {}, 'HEAD')).status).toBe(404)
  })

  it.each(['/settings', '/messaging', '/evangelism/Xk2b9Qv7', '/a-page-that-does-not-exist'])(
    '%s is a client route and gets the app page',
    async (path) => {
      const reply = await get(path)
      expect(reply.status).toBe(200)
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(reply.body.toString('utf8')).toBe(PAGE)
    },
  )

  it('says the client is not built yet, for a visitor and a member, when there is no app page', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'covenant-unbuilt-'))
    const unbuilt = await startApp(testConfig({ CLIENT_DIR: empty }))
    try {
      for (const headers of [{}, { cookie: 'covenant_session=abc' }] as Record<string, string>[]) {
        for (const path of ['/', '/settings']) {
          const reply = await get(path, headers, 'GET', unbuilt.url)
          expect([reply.status, reply.body.toString('utf8')]).toEqual([503, expect.stringContaining('npm run build')])
        }
      }
      expect((await get('/robots.txt', {}, 'GET', unbuilt.url)).status).toBe(404)
    } finally {
      await unbuilt.close()
    }
  })
})

describe('robots.txt and the web manifest', () => {
  it('serves robots.txt as text: public pages open, the API, uploads and members’ pages closed', async () => {
    const reply = await get('/robots.txt')
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = reply.body.toString('utf8').split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const path of ['/api/', '/trpc', '/uploads/', '/moderation', '/messaging']) expect(lines).toContain(`Disallow: ${path}`)
    for (const path of ['/pricing', '/login', '/register', '/safety'])
      expect(lines.some((line) => line.startsWith(`Disallow: ${path}`))).toBe(false)
  })

  it('serves the web manifest with its own type, naming Covenant and an icon that exists', async () => {
    const reply = await get('/manifest.webmanifest')
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
    const manifest = JSON.parse(reply.body.toString('utf8'))
    expect(manifest).toMatchObject({ name: 'Covenant', start_url: '/', display: 'standalone' })
    expect(manifest.icons.length).toBeGreaterThan(0)
    for (const icon of manifest.icons) {
      const file = await get(icon.src)
      expect(file.status).toBe(200)
      expect(file.headers['content-type']).toBe(icon.type)
    }
  })
})

describe("the two pages for /: the landing page for visitors, Discover's for members", () => {
  let withLanding: RunningApp
  beforeAll(async () => {
    withLanding = await startApp(testConfig({ CLIENT_DIR: builtClient({ homePages: true }) }))
  })
  afterAll(async () => {
    await withLanding?.close()
  })
  const visit = (path: string, headers: Record<string, string> = {}) =>
    get(path, { 'Accept-Encoding': 'br', ...headers }, 'GET', withLanding.url)
  const page = (reply: Reply) => brotliDecompressSync(reply.body).toString('utf8')

  it('sends a request for / without a session the page with the landing page drawn in it', async () => {
    for (const headers of [{}, { Cookie: 'theme=dark; covenant_oauth_state=x' }] as Record<string, string>[]) {
      const reply = await visit('/', headers)
      expect(reply.status).toBe(200)
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(reply.headers['cache-control']).toBe('no-cache')
      expect(reply.headers.vary).toBe('Accept-Encoding, Cookie')
      expect(page(reply)).toBe(LANDING)
    }
  })

  it("sends a member at / the app page that names Discover's code, and the plain app page everywhere else", async () => {
    const member = await visit('/', { Cookie: 'theme=dark; covenant_session=some-session-token' })
    expect(page(member)).toBe(MEMBER_HOME)
    expect(member.headers.vary).toBe('Accept-Encoding, Cookie')
    for (const headers of [{}, { Cookie: 'covenant_session=some-session-token' }] as Record<string, string>[])
      for (const path of ['/login', '/settings', '/index.html']) expect(page(await visit(path, headers))).toBe(PAGE)
  })

  it("has no address of its own, nor has the member's home page, so neither can be sent by a link", async () => {
    for (const cookie of [{}, { Cookie: 'covenant_session=some-session-token' }]) {
      for (const path of [
        '/landing.html',
        '/%6canding.html',
        '/assets/..%2flanding.html',
        '/./landing.html',
        '/discover.html',
        '/%64iscover.html',
      ]) {
        const reply = await visit(path, cookie as Record<string, string>)
        expect(reply.status, path).toBe(404)
        expect(reply.body.toString('utf8')).toBe('Not found')
      }
    }
  })

  it('never answers a member 304 with the tag of the page a visitor was sent', async () => {
    const visitor = await visit('/')
    expect((await visit('/', { 'If-None-Match': String(visitor.headers.etag) })).status).toBe(304)
    const member = await visit('/', { 'If-None-Match': String(visitor.headers.etag), Cookie: 'covenant_session=some-session-token' })
    expect(member.status).toBe(200)
    expect(page(member)).toBe(MEMBER_HOME)
  })
})
