import { randomUUID } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { checkpointInBackground, type DatabaseHandle, localFilePath, openDatabase } from '#db/client.ts'
import { testConfig } from '#tests/support/test-config.ts'

/** A note of 20 KB: five pages of the log for each one written. */
const NOTE = 'x'.repeat(20_000)

/**
 * A fresh database file, opened as the app opens it (its log copied by a thread) or as the scripts do;
 * its URL carries a query for the driver, as an operator's may.
 */
async function freshDatabase(inBackground: boolean) {
  const url = `${testConfig().DATABASE_URL}?tls=0`
  const failures: unknown[] = []
  const database = await openDatabase(
    url,
    undefined,
    inBackground ? { checkpointsInBackground: { onFailure: (error) => failures.push(error) } } : {},
  )
  await database.client.execute('create table notes (body text not null)')
  const path = localFilePath(url)
  return {
    database,
    failures,
    fileBytes: () => statSync(path).size,
    logBytes: () => statSync(`${path}-wal`).size,
    // A file named after the whole URL, query and all, which nothing should open.
    strayFile: () => existsSync(url.slice('file:'.length)),
  }
}

async function writeNotes(database: DatabaseHandle, count: number) {
  for (let i = 0; i < count; i++) await database.client.execute({ sql: 'insert into notes (body) values (?)', args: [NOTE] })
}

/** The database file's size once it holds `wanted` bytes, watched for at most `ms`. */
async function fileBytesWithin(fileBytes: () => number, ms: number, wanted: number) {
  const until = Date.now() + ms
  while (fileBytes() < wanted && Date.now() < until) await setTimeout(20)
  return fileBytes()
}

describe("the app's database log", () => {
  it("is copied into the database file by a thread of its own, while the log is still short of the writers' own checkpoint", async () => {
    const { database, failures, fileBytes, strayFile } = await freshDatabase(true)
    try {
      // 100 notes of 20 KB: about 500 pages, under the 1,000 (or 4,000) at which a writer would copy them itself.
      await writeNotes(database, 100)
      expect(await fileBytesWithin(fileBytes, 3000, 2_000_000)).toBeGreaterThanOrEqual(2_000_000)
      expect(strayFile()).toBe(false)
      const { rows } = await database.client.execute('select count(*) as notes from notes')
      expect(Number(rows[0]!.notes)).toBe(100)
      expect(failures).toEqual([])
    } finally {
      database.close()
    }
  })

  it('stays in the log when no thread copies it (the scripts and tests), until a writer checkpoints', async () => {
    const { database, fileBytes } = await freshDatabase(false)
    try {
      await writeNotes(database, 100)
      expect(await fileBytesWithin(fileBytes, 500, 2_000_000)).toBeLessThan(100_000)
    } finally {
      database.close()
    }
  })

  it('tells why, when its thread fails, and the process carries on', async () => {
    // A file in a folder that does not exist: the thread cannot open it. A worker's failure with no
    // one listening would take this process down with it.
    const missing = join(tmpdir(), `covenant-missing-${randomUUID()}`, 'app.db')
    const failure = await new Promise<unknown>((resolve) => checkpointInBackground(missing, resolve))
    expect(String(failure)).toContain(`Unable to open connection to local database ${missing}`)
    expect(existsSync(missing)).toBe(false)
  })

  it('starts over rather than growing while writes keep coming', async () => {
    const { database, failures, logBytes } = await freshDatabase(true)
    try {
      // About 120 MB written: the log would hold all of it if it never started again from its beginning.
      // It starts over once the writers' own checkpoint (at 16 MB) finds the thread not copying; while
      // the thread copies, writes go on, so the log may pass 16 MB first (17–37 MB seen on two busy cores).
      await writeNotes(database, 6000)
      expect(logBytes()).toBeLessThan(60_000_000)
      expect(failures).toEqual([])
    } finally {
      database.close()
    }
  })
})
