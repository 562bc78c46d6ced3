import { existsSync } from 'node:fs'
import { copyFile, cp, mkdir, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createClient } from '@libsql/client'
import { parseEnv } from '#server/env.ts'
import {
  APP_SECRET_FILE,
  type BackupManifest,
  DATABASE_FILE,
  describeSize,
  embeddedDatabasePath,
  folderSize,
  MANIFEST,
  UPLOADS_FOLDER,
} from './backup-files.ts'

/**
 * `npm run backup -- DIR`: a consistent copy of the embedded database and the uploads in a new
 * timestamped folder inside DIR, safe while the app runs. The database is copied first with
 * `VACUUM INTO` (one read transaction: a snapshot of a single instant, WAL included), then the
 * uploads: a photo's files are written before its row, so every photo the copied database lists
 * was on disk when the folder was copied (one deleted in between aside).
 */
async function backup(target: string | undefined) {
  if (!target) throw new Error('Usage: npm run backup -- <folder to write the backup in>')
  const config = parseEnv(process.env)
  const databasePath = embeddedDatabasePath(config)
  if (!existsSync(databasePath)) throw new Error(`There is no database at ${databasePath} (DATABASE_URL) to back up.`)

  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  const folder = resolve(target, `covenant-${stamp}`)
  if (existsSync(folder)) throw new Error(`${folder} already exists; wait a second and run the backup again.`)
  await mkdir(folder, { recursive: true })

  const client = createClient({ url: config.DATABASE_URL })
  try {
    await client.execute({ sql: 'VACUUM INTO ?', args: [join(folder, DATABASE_FILE)] })
  } finally {
    client.close()
  }

  const uploadsTarget = join(folder, UPLOADS_FOLDER)
  await mkdir(uploadsTarget)
  if (existsSync(config.UPLOADS_DIR)) await cp(config.UPLOADS_DIR, uploadsTarget, { recursive: true })
  const uploads = await folderSize(uploadsTarget)

  // The generated secret signs the unsubscribe links already sent; without it those links stop working.
  const hasSecretFile = !config.APP_SECRET && existsSync(config.APP_SECRET_FILE)
  if (hasSecretFile) await copyFile(config.APP_SECRET_FILE, join(folder, APP_SECRET_FILE))

  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    database: DATABASE_FILE,
    uploads: UPLOADS_FOLDER,
    ...(hasSecretFile ? { appSecret: APP_SECRET_FILE } : {}),
    uploadFiles: uploads.files,
    uploadBytes: uploads.bytes,
  }
  await writeFile(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)

  const databaseBytes = (await stat(join(folder, DATABASE_FILE))).size
  console.log(`Backup written to ${folder}`)
  console.log(`  ${DATABASE_FILE}    the database from ${databasePath} (${describeSize(databaseBytes)})`)
  console.log(`  ${UPLOADS_FOLDER}/   ${uploads.files} files from ${config.UPLOADS_DIR} (${describeSize(uploads.bytes)})`)
  if (hasSecretFile) console.log(`  ${APP_SECRET_FILE} the generated APP_SECRET from ${config.APP_SECRET_FILE}`)
  console.log(`Restore it with: npm run restore -- ${folder}`)
}

try {
  await backup(process.argv[2])
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`)
  process.exit(1)
}
