import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { photosDir } from '#server/services/photos.ts'
import { createContext, type ContextDeps } from '#server/trpc/context.ts'
import { sendJson } from './http-error.ts'
import { resolveFile, sendFile } from './static-files.ts'

const PHOTO_FILE = /^\/uploads\/photos\/([A-Za-z0-9_-]{10,64}-(?:card|thumb)\.webp)$/

/** Member photos are for signed-in members only; anything else under /uploads is not found. */
export function createUploadsHandler(deps: ContextDeps) {
  const root = resolve(photosDir(deps.config.UPLOADS_DIR))
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const name = PHOTO_FILE.exec(url.pathname)?.[1]
    const ctx = name ? await createContext(deps, req) : null
    const file = ctx?.user && name ? await resolveFile(root, `/${name}`) : null
    if (!file) return sendJson(res, 404, { message: 'Not found' })
    sendFile(req, res, file, 'private, max-age=86400')
  }
}
