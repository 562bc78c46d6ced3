import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { describe, expect, it } from 'vitest'
import { startApp } from '#server/app.ts'
import type { Config } from '#server/env.ts'
import { call, PASSWORD, registerMember, sessionCookie } from '#tests/support/http.ts'
import { jpegWithGps } from '#tests/support/images.ts'
import { testConfig } from '#tests/support/test-config.ts'

/** Runs `npm run backup` / `npm run restore` as an operator would, against this test's database. */
function runScript(script: 'backup' | 'restore', args: string[], config: Pick<Config, 'DATABASE_URL' | 'UPLOADS_DIR'>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: config.DATABASE_URL, UPLOADS_DIR: config.UPLOADS_DIR, APP_SECRET: 'x'.repeat(32) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

function photoForm(bytes: Uint8Array) {
  const form = new FormData()
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg')
  return form
}

async function signIn(base: string, email: string) {
  return call(base, 'POST', '/api/login', { body: { email, password: PASSWORD } })
}

describe('backup and restore', () => {
  it('round-trips the database and the uploads: a member and their photo deleted after the backup are back after the restore', async () => {
    const config = testConfig({ JOBS_IN_PROCESS: '0' })
    const backups = mkdtempSync(join(tmpdir(), 'covenant-backups-'))
    let app = await startApp(config)
    const member = await registerMember(app.url, { firstName: 'Hannah' })
    const uploaded = await call(app.url, 'POST', '/api/profile/photos', {
      cookie: member.cookie,
      body: photoForm(await jpegWithGps(400, 300)),
    })
    expect(uploaded.status).toBe(200)
    const photoUrl = (uploaded.body.photos as { url: string }[])[0]!.url
    const photoBytes = Buffer.from(await (await fetch(new URL(photoUrl, app.url), { headers: { cookie: member.cookie } })).arrayBuffer())

    // Taken while the app runs and keeps writing.
    const backup = await runScript('backup', [backups], config)
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    const folder = /Backup written to (\S+)/.exec(backup.stdout)![1]!
    expect(folder.startsWith(backups)).toBe(true)
    expect(backup.stdout).toMatch(/uploads\/ +3 files/)
    expect(JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8'))).toMatchObject({ database: 'app.db', uploadFiles: 3 })
    await app.close()

    // The member and every upload are gone.
    const db = createClient({ url: config.DATABASE_URL })
    await db.execute({ sql: 'delete from users where email = ?', args: [member.email] })
    db.close()
    await rm(config.UPLOADS_DIR, { recursive: true })
    app = await startApp(config)
    expect((await signIn(app.url, member.email)).status).toBe(401)
    await app.close()

    const refused = await runScript('restore', [folder], config)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('already holds data')
    expect(refused.stderr).toContain('--force')

    const restored = await runScript('restore', [folder, '--force'], config)
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(restored.stdout).toContain(`database → ${config.DATABASE_URL.slice('file:'.length)}`)
    // What was replaced is kept beside it, not deleted.
    const aside = (await readdir(join(config.DATABASE_URL.slice('file:'.length), '..'))).filter((name) => name.includes('.before-restore-'))
    expect(aside.some((name) => name.startsWith('app.db.before-restore-'))).toBe(true)

    app = await startApp(config)
    try {
      const signedIn = await signIn(app.url, member.email)
      expect(signedIn.status).toBe(200)
      expect(signedIn.body).toMatchObject({ email: member.email, firstName: 'Hannah' })
      const served = await fetch(new URL(photoUrl, app.url), { headers: { cookie: sessionCookie(signedIn)! } })
      expect(served.status).toBe(200)
      expect(Buffer.from(await served.arrayBuffer()).equals(photoBytes)).toBe(true)
    } finally {
      await app.close()
    }
  })

  it('refuses a libsql server and says what to use instead, and refuses a folder that is not a finished backup', async () => {
    const config = testConfig()
    const remote = await runScript('backup', [tmpdir()], { ...config, DATABASE_URL: 'libsql://covenant-example.turso.io' })
    expect(remote.code).toBe(1)
    expect(remote.stderr).toMatch(/libsql server: back it up with the server's own tooling/)
    expect(remote.stderr).toContain('Turso')

    const empty = mkdtempSync(join(tmpdir(), 'covenant-not-a-backup-'))
    const notBackup = await runScript('restore', [empty, '--force'], config)
    expect(notBackup.code).toBe(1)
    expect(notBackup.stderr).toContain('is not a finished backup')
    expect(existsSync(config.DATABASE_URL.slice('file:'.length))).toBe(false)
  })
})
