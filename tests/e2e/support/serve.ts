import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { e2eServerInfoPath } from './server-info'

// The browser suite gets its own throwaway database and uploads, seeded with the demo members.
const dir = mkdtempSync(join(tmpdir(), 'covenant-e2e-'))
process.env.DATABASE_URL = `file:${join(dir, 'app.db')}`
process.env.UPLOADS_DIR = join(dir, 'uploads')
process.env.SEED_DEMO = '1'
// Where a test finds this server's database, to act as an operator would (scripts/set-role.ts).
writeFileSync(e2eServerInfoPath(process.env.PORT), JSON.stringify({ databaseUrl: process.env.DATABASE_URL }))
await import('#server/index.ts')
