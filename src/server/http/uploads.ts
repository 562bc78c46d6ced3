import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { photoVisibleTo } from '#server/services/photo-review.ts'
import { photosDir } from '#server/services/photos.ts'
import { documentForViewer } from '#server/services/verification.ts'
import { documentPath } from '#server/services/verification-documents.ts'
import { type ContextDeps, createContext } from '#server/trpc/context.ts'
import { parsePhotoUrl } from '#shared/logic/photo-renditions.ts'
import { sendJson } from './send-json.ts'
import { resolveFile, sendFile, streamFile } from './static-files.ts'

const VERIFICATION_FILE = /^\/uploads\/verification\/([A-Za-z0-9_-]{16,64})$/

/**
 * Member photos are for signed-in members only, and one not yet approved by photo review for its
 * owner and moderators only; a verification document for its owner and
 * moderators only; anything else under /uploads is not found. A photo stored before the small and
 * large renditions existed has only its `card`, which then stands in for them (the browser scales it).
 */
export function createUploadsHandler(deps: ContextDeps) {
  const root = resolve(photosDir(deps.config.UPLOADS_DIR))
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const documentId = VERIFICATION_FILE.exec(url.pathname)?.[1]
    if (documentId) return serveVerificationDocument(deps, req, res, documentId)
    const photo = parsePhotoUrl(url.pathname)
    const ctx = photo ? await createContext(deps, req) : null
    const file =
      ctx?.user && photo && (await photoVisibleTo(deps.db, ctx.user.id, photo.photoId))
        ? ((await resolveFile(root, `/${photo.photoId}-${photo.size}.webp`)) ?? (await resolveFile(root, `/${photo.photoId}-card.webp`)))
        : null
    if (!file) return sendJson(res, 404, { message: 'Not found' })
    sendFile(req, res, file.path, 'private, max-age=86400')
  }
}

/** Shown inline (the review page frames it) and never cached; the type is the one sniffed at upload. */
async function serveVerificationDocument(deps: ContextDeps, req: IncomingMessage, res: ServerResponse, documentId: string) {
  const ctx = await createContext(deps, req)
  const allowed = ctx.user ? await documentForViewer(deps.db, ctx.user.id, documentId) : null
  const path = allowed ? documentPath(deps.config.UPLOADS_DIR, documentId) : null
  const info = path ? await stat(path).catch(() => null) : null
  if (!allowed || !path || !info?.isFile()) return sendJson(res, 404, { message: 'Not found' })
  res.writeHead(200, {
    'Content-Type': allowed.documentType,
    'Content-Length': info.size,
    'Content-Disposition': 'inline',
    'Cache-Control': 'private, no-store',
    // Our own review page may frame it; no other site can.
    'X-Frame-Options': 'SAMEORIGIN',
    // Chrome's PDF viewer needs to run inside a PDF response, so only images get a locked-down policy.
    'Content-Security-Policy':
      allowed.documentType === 'application/pdf' ? "frame-ancestors 'self'" : "default-src 'none'; frame-ancestors 'self'",
  })
  if (req.method === 'HEAD') return res.end()
  streamFile(path, res)
}
