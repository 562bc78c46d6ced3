import { existsSync } from 'node:fs'
import { copyFile, cp, mkdir, readFile, rename } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createClient } from '@libsql/client'
import { parseEnv } from '#server/env.ts'
import { type BackupManifest, describeSize, embeddedDatabasePath, folderSize, MANIFEST } from './backup-files.ts'

const USAGE = 'Usage: npm run restore -- <backup folder> [--force]   (stop the app first)'

/**
 * `npm run restore -- FOLDER`: puts a backup from `npm run backup` back in place of the embedded
 * database and the uploads. Run it with the app stopped: a running app keeps its open database and
 * would go on writing into the file it had. Without `--force` it refuses to replace a database or
 * uploads that exist; with it, what was there is moved aside (`….before-restore-<time>`), never deleted.
 */
async function restore() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } })
  const source = positionals[0]
  if (!source) throw new Error(USAGE)
  const folder = resolve(source)
  if (!existsSync(join(folder, MANIFEST)))
    throw new Error(`${folder} is not a finished backup (no ${MANIFEST}): choose a folder that npm run backup wrote.`)
  const manifest = JSON.parse(await readFile(join(folder, MANIFEST), 'utf8')) as BackupManifest
  const backupDatabase = join(folder, manifest.database)
  const backupUploads = join(folder, manifest.uploads)
  if (!existsSync(backupDatabase)) throw new Error(`${backupDatabase} is missing: the backup is incomplete.`)
  await checkIntegrity(backupDatabase)

  const config = parseEnv(process.env)
  const databasePath = embeddedDatabasePath(config)
  const secretPath = manifest.appSecret && !config.APP_SECRET ? config.APP_SECRET_FILE : undefined
  // The WAL and shared-memory files belong to the database they sit beside: left next to the
  // restored file, SQLite would replay the old database's pages over it.
  const replaced = [
    databasePath,
    `${databasePath}-wal`,
    `${databasePath}-shm`,
    config.UPLOADS_DIR,
    ...(secretPath ? [secretPath] : []),
  ].filter((path) => existsSync(path))
  const holdsData = existsSync(databasePath) || (await folderSize(config.UPLOADS_DIR)).files > 0
  if (holdsData && !values.force)
    throw new Error(
      `${databasePath} or ${config.UPLOADS_DIR} already holds data. Stop the app, then run again with --force: ` +
        'what is there now is moved aside, not deleted.',
    )

  const aside = `.before-restore-${new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`
  for (const path of replaced) await rename(path, `${path}${aside}`)

  await mkdir(dirname(resolve(databasePath)), { recursive: true })
  await copyFile(backupDatabase, `${databasePath}.restoring`)
  await rename(`${databasePath}.restoring`, databasePath)
  await mkdir(config.UPLOADS_DIR, { recursive: true })
  if (existsSync(backupUploads)) await cp(backupUploads, config.UPLOADS_DIR, { recursive: true })
  if (secretPath) await copyFile(join(folder, manifest.appSecret!), secretPath)

  const uploads = await folderSize(config.UPLOADS_DIR)
  console.log(`Restored the backup of ${manifest.createdAt} from ${folder}`)
  console.log(`  database → ${databasePath}`)
  console.log(`  uploads  → ${config.UPLOADS_DIR} (${uploads.files} files, ${describeSize(uploads.bytes)})`)
  if (secretPath) console.log(`  APP_SECRET file → ${secretPath}`)
  for (const path of replaced) console.log(`  kept what was there as ${path}${aside}`)
}

/** A damaged copy is refused before anything in place is touched. */
async function checkIntegrity(path: string) {
  const client = createClient({ url: `file:${path}` })
  try {
    const { rows } = await client.execute('PRAGMA quick_check')
    if (rows[0]?.[0] !== 'ok') throw new Error(`${path} fails SQLite's integrity check: ${String(rows[0]?.[0])}`)
  } finally {
    client.close()
  }
}

try {
  await restore()
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`)
  process.exit(1)
}
