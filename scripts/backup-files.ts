import { existsSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { localFilePath } from '#db/client.ts'
import type { Config } from '#server/env.ts'

/** What a backup folder holds, written last: a folder without it is an interrupted backup. */
export interface BackupManifest {
  createdAt: string
  database: string
  uploads: string
  appSecret?: string
  uploadFiles: number
  uploadBytes: number
}

export const MANIFEST = 'manifest.json'
export const DATABASE_FILE = 'app.db'
export const UPLOADS_FOLDER = 'uploads'
export const APP_SECRET_FILE = 'app-secret'

/**
 * The embedded database's file, or why these scripts cannot copy it: a libsql server (sqld, Turso)
 * holds its data where only its own snapshot tooling reaches it consistently.
 */
export function embeddedDatabasePath(config: Config): string {
  const url = config.DATABASE_URL
  if (!url.startsWith('file:'))
    throw new Error(
      `DATABASE_URL is ${url.split(':')[0]}://…, a libsql server: back it up with the server's own tooling ` +
        '(sqld: snapshot its --db-path folder, or its bottomless S3 replication; Turso: point-in-time restore or `turso db shell <db> .dump`). ' +
        'These scripts copy the embedded file: database only.',
    )
  const path = localFilePath(url)
  if (path === '' || path.includes(':memory:'))
    throw new Error('DATABASE_URL is an in-memory database: there is nothing on disk to back up.')
  return path
}

/** Files and bytes under a folder, for the summary printed after a backup or a restore. */
export async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 }
  let files = 0
  let bytes = 0
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    files++
    bytes += (await stat(join(entry.parentPath, entry.name))).size
  }
  return { files, bytes }
}

export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
