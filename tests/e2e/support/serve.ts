import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The browser suite gets its own throwaway database and uploads, seeded with the demo members.
const dir = mkdtempSync(join(tmpdir(), 'covenant-e2e-'))
process.env.DATABASE_URL = `file:${join(dir, 'app.db')}`
process.env.UPLOADS_DIR = join(dir, 'uploads')
process.env.SEED_DEMO = '1'
await import('../../../src/server/index.ts')
