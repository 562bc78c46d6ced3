import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
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

/** A file under `root`, or null; `..` and absolute paths never escape it. */
export async function resolveFile(root: string, urlPath: string): Promise<string | null> {
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
  return info?.isFile() ? path : null
}

export function sendFile(req: IncomingMessage, res: ServerResponse, path: string, cacheControl: string) {
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
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

/** The built client: hashed assets cached for good, everything else falls back to index.html. */
export function createClientHandler(clientDir: string) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const file = url.pathname === '/' ? null : await resolveFile(clientDir, url.pathname)
    if (file) {
      const immutable = url.pathname.startsWith('/assets/')
      return sendFile(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
    }
    const index = await resolveFile(clientDir, '/index.html')
    if (!index) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
      return res.end('The client is not built yet. Run `npm run build` (npm start does it for you).')
    }
    sendFile(req, res, index, 'no-cache')
  }
}
