import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { e2eServerInfoPath } from './server-info'

// The browser suite gets its own throwaway database and uploads, seeded with the demo members.
const dir = mkdtempSync(join(tmpdir(), 'covenant-e2e-'))
process.env.DATABASE_URL = `file:${join(dir, 'app.db')}`
process.env.UPLOADS_DIR = join(dir, 'uploads')
process.env.SEED_DEMO = '1'
// No SMTP server: emails land in this outbox, where a test opens them as a member opens their inbox.
process.env.MAIL_DIR = join(dir, 'mail')
// Where a test finds this server's database and outbox, to act as an operator or a mail reader would.
writeFileSync(e2eServerInfoPath(process.env.PORT), JSON.stringify({ databaseUrl: process.env.DATABASE_URL, mailDir: process.env.MAIL_DIR }))
await import('#server/index.ts')
