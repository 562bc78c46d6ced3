import { createHash } from 'node:crypto'
import { createReadStream, type Stats } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { readCookie, SESSION_COOKIE } from '#server/auth/sessions.ts'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
}

/** The copies the build writes beside a text file (see vite.config.ts), in the order we prefer them. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

/** Vite names every file under /assets by its content hash, so a URL there never changes meaning. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
const PUBLIC_FILE = 'public, max-age=3600'
/** The page is small and names the current assets: always revalidated, answered 304 while unchanged. */
const APP_PAGE = 'no-cache'
/** The app page with the landing page drawn in it, for a visitor's `/` (vite.config.ts writes it). */
const VISITOR_PAGE = '/landing.html'
/** The app page naming Discover's code too, for a member's `/` (vite.config.ts writes it). */
const MEMBER_HOME_PAGE = '/discover.html'
const APP_PAGE_PATH = '/index.html'

/** A file under `root` with what `stat` said of it, or null; `..` and absolute paths never escape it. */
export async function resolveFile(root: string, urlPath: string): Promise<{ path: string; info: Stats } | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const path = normalize(join(root, decoded))
  if (path !== root && !path.startsWith(root.endsWith(sep) ? root : root + sep)) return null
  const info = await stat(path).catch(() => null)
  return info?.isFile() ? { path, info } : null
}

export function sendFile(req: IncomingMessage, res: ServerResponse, path: string, cacheControl: string) {
  res.writeHead(200, {
    'Content-Type': contentType(path),
    'Cache-Control': cacheControl,
  })
  if (req.method === 'HEAD') return res.end()
  streamFile(path, res)
}

/** A file that vanishes or fails mid-read ends this response, never the process. */
export function streamFile(path: string, res: ServerResponse) {
  createReadStream(path)
    .on('error', () => res.destroy())
    .pipe(res)
}

function contentType(path: string) {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * The built client: hashed assets cached for good, app routes answered with index.html, and a
 * missing file (anything with an extension, or under /assets) a plain 404 rather than the app page,
 * so a stale asset or a crawler's /robots.txt probe never receives HTML it cannot use. A request
 * for `/` without a session is a visitor's: it gets landing.html, the same page with the landing
 * page already drawn (vite.config.ts), which the app takes over as it is; a member's gets
 * discover.html, the app page that has the browser fetch Discover's code with the app's own.
 */
export function createClientHandler(clientDir: string) {
  const etags = new EtagCache()
  const visitorPage = normalize(join(clientDir, VISITOR_PAGE))
  const memberHomePage = normalize(join(clientDir, MEMBER_HOME_PAGE))
  const appPage = normalize(join(clientDir, APP_PAGE_PATH))
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (isHidden(url.pathname)) return notFound(req, res)
    const file = url.pathname === '/' ? null : await resolveFile(clientDir, url.pathname)
    // These pages are only ever the answer at `/`: at their own paths (however spelt) a member would be
    // sent a visitor's page, and the app would find no screen at /discover.html.
    if (file?.path === visitorPage || file?.path === memberHomePage) return notFound(req, res)
    if (file) {
      const cacheControl = url.pathname.startsWith('/assets/') ? IMMUTABLE : url.pathname === APP_PAGE_PATH ? APP_PAGE : PUBLIC_FILE
      if (!(await sendClientFile(req, res, file.path, cacheControl, etags, VARIES_BY_ENCODING, file.info))) notFound(req, res)
      return
    }
    if (looksLikeFile(url.pathname)) return notFound(req, res)
    const isHome = url.pathname === '/'
    if (isHome) {
      const homePage = readCookie(req.headers.cookie, SESSION_COOKIE) ? memberHomePage : visitorPage
      if (await sendClientFile(req, res, homePage, APP_PAGE, etags, VARIES_BY_SESSION)) return
    }
    if (await sendClientFile(req, res, appPage, APP_PAGE, etags, isHome ? VARIES_BY_SESSION : VARIES_BY_ENCODING)) return
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('The client is not built yet. Run `npm run build` (npm start does it for you).')
  }
}

function notFound(req: IncomingMessage, res: ServerResponse) {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
  res.end(req.method === 'HEAD' ? undefined : 'Not found')
}

/** Dot-folders in the build (Vite's `.vite/manifest.json`) are for tooling, not for browsers. */
function isHidden(pathname: string) {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return true
  }
  return /[/\\]\./.test(decoded)
}

/** App routes have no extension (`/settings`, `/evangelism/abc123`); files do (`/robots.txt`). */
function looksLikeFile(pathname: string) {
  return pathname.startsWith('/assets/') || /\.[^/]+$/.test(pathname)
}

/** Caches must keep the brotli, gzip and plain copies apart, and at `/` a visitor's page from a member's. */
const VARIES_BY_ENCODING = 'Accept-Encoding'
const VARIES_BY_SESSION = 'Accept-Encoding, Cookie'

/**
 * The smallest copy the browser accepts, with a strong ETag of its own and its exact length. False,
 * with nothing sent, when there is no such file. `known`: the file's `stat`, when the caller has it.
 */
async function sendClientFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  cacheControl: string,
  etags: EtagCache,
  vary = VARIES_BY_ENCODING,
  known?: Stats,
): Promise<boolean> {
  const original = known ?? (await stat(path).catch(() => null))
  if (!original?.isFile()) return false
  const accepted = acceptedEncodings(req.headers['accept-encoding'])
  let chosen: { path: string; size: number; mtimeMs: number; encoding?: string } = { path, size: original.size, mtimeMs: original.mtimeMs }
  for (const { encoding, suffix } of PRECOMPRESSED) {
    if (!accepted.has(encoding)) continue
    const info = await stat(path + suffix).catch(() => null)
    // A copy older than its file is left over from an earlier build: the file itself is the truth.
    if (info?.isFile() && info.mtimeMs >= original.mtimeMs) {
      chosen = { path: path + suffix, size: info.size, mtimeMs: info.mtimeMs, encoding }
      break
    }
  }
  // A file gone since it was found (a deploy mid-request) is not there.
  const etag = await etags.get(chosen.path, chosen.size, chosen.mtimeMs).catch(() => null)
  if (!etag) return false
  const validators = { 'Cache-Control': cacheControl, ETag: etag, Vary: vary }
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, validators).end()
    return true
  }
  res.writeHead(200, {
    ...validators,
    'Content-Type': contentType(path),
    'Content-Length': chosen.size,
    ...(chosen.encoding ? { 'Content-Encoding': chosen.encoding } : {}),
  })
  if (req.method === 'HEAD') res.end()
  else streamFile(chosen.path, res)
  return true
}

/** Codings the request accepts with a non-zero quality (`br;q=0` refuses brotli; `*` accepts the rest). */
function acceptedEncodings(header: string | string[] | undefined) {
  const qualities = new Map<string, number>()
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    qualities.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1)
  }
  const accepted = new Set<string>()
  for (const { encoding } of PRECOMPRESSED) {
    const quality = qualities.get(encoding) ?? qualities.get('*') ?? 0
    if (quality > 0) accepted.add(encoding)
  }
  return accepted
}

function etagMatches(header: string | string[] | undefined, etag: string) {
  if (!header) return false
  return String(header)
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

/**
 * A hash of each served file's bytes, read once per version of the file (size and mtime), so the
 * tag is the same on every process and every deploy of the same build.
 */
class EtagCache {
  #tags = new Map<string, { size: number; mtimeMs: number; etag: string }>()

  async get(path: string, size: number, mtimeMs: number) {
    const known = this.#tags.get(path)
    if (known && known.size === size && known.mtimeMs === mtimeMs) return known.etag
    const digest = createHash('sha256')
      .update(await readFile(path))
      .digest('base64url')
    const etag = `"${digest.slice(0, 27)}"`
    this.#tags.set(path, { size, mtimeMs, etag })
    return etag
  }
}
