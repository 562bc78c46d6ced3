import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedDatabase from 'libsql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#db/client.ts'

let dir: string
let handle: DatabaseHandle
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'covenant-statements-'))
  handle = await openDatabase(`file:${join(dir, 'app.db')}`)
})
afterAll(() => {
  handle.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('statements on the embedded database', () => {
  it('are prepared once per connection and kept for the next run', () => {
    const connection = new EmbeddedDatabase(join(dir, 'app.db'))
    const first = connection.prepare('select 1 as one')
    expect(connection.prepare('select 1 as one')).toBe(first)
    expect(connection.prepare('select 2 as two')).not.toBe(first)
    // Another connection has statements of its own.
    expect(new EmbeddedDatabase(join(dir, 'app.db')).prepare('select 1 as one')).not.toBe(first)
  })

  it('keep the most recently used ones only, so a varying statement cannot grow the cache without end', () => {
    const connection = new EmbeddedDatabase(join(dir, 'app.db'))
    const oldest = connection.prepare('select 0 as n')
    const used = connection.prepare('select -1 as n')
    for (let n = 1; n <= 600; n++) {
      connection.prepare(`select ${n} as n`)
      if (n % 100 === 0) connection.prepare('select -1 as n')
    }
    expect(connection.prepare('select -1 as n')).toBe(used)
    expect(connection.prepare('select 0 as n')).not.toBe(oldest)
  })

  it('answer correctly after a run of the same statement failed', async () => {
    await handle.client.execute('create table pairs (id integer primary key, name text not null)')
    const insert = { sql: 'insert into pairs (id, name) values (?, ?)', args: [1, 'Ruth'] }
    await handle.client.execute(insert)
    await expect(handle.client.execute(insert)).rejects.toThrow(/UNIQUE|PRIMARYKEY/)
    await handle.client.execute({ ...insert, args: [2, 'Naomi'] })
    const { rows } = await handle.client.execute('select id, name from pairs order by id')
    expect(rows.map((row) => [row.id, row.name])).toEqual([
      [1, 'Ruth'],
      [2, 'Naomi'],
    ])
  })

  it('read the columns a migration added, not those they were first prepared with', async () => {
    await handle.client.execute('create table notes (id integer primary key)')
    await handle.client.execute('insert into notes (id) values (1)')
    expect((await handle.client.execute('select * from notes')).columns).toEqual(['id'])
    await handle.client.execute("alter table notes add column body text not null default 'Amen'")
    await migrateDatabase(handle.db)
    const after = await handle.client.execute('select * from notes')
    expect(after.columns).toEqual(['id', 'body'])
    expect(after.rows[0]?.body).toBe('Amen')
  })
})
