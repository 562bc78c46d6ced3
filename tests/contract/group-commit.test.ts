import { dirname, join } from 'node:path'
import { setTimeout } from 'node:timers/promises'
import { createClient } from '@libsql/client'
import { eq, sql } from 'drizzle-orm'
import EmbeddedDatabase from 'libsql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localFilePath, migrateDatabase, openDatabase } from '#db/client.ts'
import { commitTogether } from '#db/group-commit.ts'
import { conversations, messages } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import type { BusEvent } from '#server/realtime/bus.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, onPlan, refusal } from '#tests/support/members.ts'
import { testConfig } from '#tests/support/test-config.ts'

let h: Harness
beforeAll(async () => {
  // A file, as in production: its commits are flushed to disk, which is what gathering them saves.
  h = await contractHarness({ ...MANY_MEMBERS, DATABASE_URL: testConfig().DATABASE_URL })
})
afterAll(() => h.close())

async function premiumPair(name: string) {
  const a = await completeMember(h, { gender: 'woman', firstName: `${name}A` })
  const b = await completeMember(h, { gender: 'man', firstName: `${name}B` })
  await a.api.likes.create({ receiverId: b.user.id })
  const { conversationId } = await b.api.likes.create({ receiverId: a.user.id })
  return { a, api: await onPlan(h, a, 'premium'), b, conversationId: conversationId! }
}

/** Every message event the bus carries to `memberId`, in the order it carries them. */
function heardBy(memberId: string) {
  const heard: string[] = []
  const stop = h.realtime.bus.listen((event: BusEvent) => {
    if (event.type === 'message' && event.recipients.includes(memberId) && event.message.senderId !== memberId)
      heard.push(event.message.content)
  })
  return { heard, stop }
}

describe('messages sent at the same moment by several members', () => {
  it('are each stored once, acknowledged after they are stored, and delivered in the order of their conversation', async () => {
    const pairs = await Promise.all(['Ruth', 'Naomi', 'Esther'].map(premiumPair))
    const listeners = pairs.map((pair) => heardBy(pair.b.user.id))
    const sent = pairs.map((_, p) => Array.from({ length: 12 }, (_, i) => `Pair ${p} message ${i}`))

    const acknowledged = await Promise.all(
      pairs.flatMap((pair, p) => sent[p]!.map((content) => pair.api.messaging.post({ conversationId: pair.conversationId, content }))),
    )
    for (const listener of listeners) listener.stop()

    expect(acknowledged).toHaveLength(36)
    for (const [p, pair] of pairs.entries()) {
      const stored = await h.db
        .select({ id: messages.id, content: messages.content })
        .from(messages)
        .where(eq(messages.conversationId, pair.conversationId))
        .orderBy(messages.createdAt, messages.id)
      // Every acknowledged message is in the database, once.
      expect(stored.map((row) => row.content).sort()).toEqual([...sent[p]!].sort())
      const ids = acknowledged.filter((message) => message.conversationId === pair.conversationId).map((message) => message.id)
      expect(stored.map((row) => row.id).sort()).toEqual(ids.sort())
      // The receiver hears each of them once, in the order they were sent.
      expect(listeners[p]!.heard).toEqual(sent[p])
    }
  })

  it('refuses only the message whose write fails: nothing of it is stored, and the others sent with it are', async () => {
    const pairs = await Promise.all(['Lydia', 'Phoebe', 'Priscilla'].map(premiumPair))
    const [, poisoned] = pairs
    const [before] = await h.db
      .select({ lastMessageAt: conversations.lastMessageAt })
      .from(conversations)
      .where(eq(conversations.id, poisoned!.conversationId))
    // A real failure of one message's own rows, raised by the database inside the shared transaction.
    await h.db.run(sql`create trigger refuse_one_message before insert on messages when new.content = 'This one fails'
      begin select raise(abort, 'refused for the test'); end`)
    try {
      const listeners = pairs.map((pair) => heardBy(pair.b.user.id))
      const sends = pairs.map((pair) =>
        pair.api.messaging.post({
          conversationId: pair.conversationId,
          content: pair === poisoned ? 'This one fails' : 'This one arrives',
        }),
      )
      const [first, failed, third] = await Promise.allSettled(sends)
      for (const listener of listeners) listener.stop()

      expect(first!.status).toBe('fulfilled')
      expect(third!.status).toBe('fulfilled')
      const error = await refusal(sends[1]!)
      expect(failed!.status).toBe('rejected')
      expect(error.code).toBe('INTERNAL_SERVER_ERROR')
      expect(publicErrorMessage(error)).not.toContain('refused for the test')
      expect(listeners.map((listener) => listener.heard)).toEqual([['This one arrives'], [], ['This one arrives']])

      const stored = await h.db
        .select({ content: messages.content })
        .from(messages)
        .where(eq(messages.conversationId, poisoned!.conversationId))
      expect(stored).toEqual([])
      const [after] = await h.db
        .select({ lastMessageAt: conversations.lastMessageAt })
        .from(conversations)
        .where(eq(conversations.id, poisoned!.conversationId))
      expect(after!.lastMessageAt).toEqual(before!.lastMessageAt)
    } finally {
      await h.db.run(sql`drop trigger refuse_one_message`)
    }
  })
})

/**
 * A database file of its own whose writers wait `lockWaitMs` for a lock, and another process's
 * client (a connection of its own, as far as SQLite can tell) holding its write lock.
 */
async function lockHeldByAnotherProcess(lockWaitMs: number) {
  const { DATABASE_URL: url } = testConfig()
  const database = await openDatabase(url, undefined, { lockWaitMs })
  await migrateDatabase(database.db)
  const otherProcess = createClient({ url })
  const held = await otherProcess.transaction('write')
  await held.execute("insert into rate_limits (key, window_start, count) values ('held', 0, 1)")
  return { ...database, otherProcess, held }
}

describe('writes gathered into one commit', () => {
  it('answer each submitter with the results of its own statements, in the order they were submitted', async () => {
    const units = Array.from({ length: 20 }, (_, i) =>
      commitTogether(h.db, [
        h.db.run(sql`insert into rate_limits (key, window_start, count) values (${`gathered-${i}`}, ${i}, 1)`),
        h.db.all<{ n: number }>(sql`select count(*) as n from rate_limits where key like 'gathered-%'`),
      ]),
    )
    const results = await Promise.all(units)
    // Each unit sees the rows of the units before it: they ran one after another, in one transaction.
    expect(results.map(([, [count]]) => count!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
  })

  it('refuse every submitter when the database cannot commit, and store none of them', async () => {
    const { db, close, otherProcess, held } = await lockHeldByAnotherProcess(100)
    try {
      const units = Array.from({ length: 5 }, (_, i) =>
        commitTogether(db, [db.run(sql`insert into rate_limits (key, window_start, count) values (${`refused-${i}`}, 0, 1)`)]),
      )
      const settled = await Promise.allSettled(units)
      expect(settled.map((result) => result.status)).toEqual(Array(5).fill('rejected'))
      for (const result of settled) expect(String((result as PromiseRejectedResult).reason.cause ?? result)).toMatch(/SQLITE_BUSY|locked/)
    } finally {
      await held.rollback()
      otherProcess.close()
    }
    const stored = await db.all<{ n: number }>(sql`select count(*) as n from rate_limits where key like 'refused-%'`)
    expect(stored[0]!.n).toBe(0)
    close()
  })
})

describe('a write refused for a lock another process held', () => {
  it('leaves nothing pending: the writes after it are committed, and the other process can write again', async () => {
    const { db, close, otherProcess, held } = await lockHeldByAnotherProcess(50)
    // A lone write that reads first, as a message's insert does.
    const refusal = await db
      .run(sql`insert into rate_limits (key, window_start, count) select 'refused', 0, 1 where (select count(*) from rate_limits) >= 0`)
      .catch((error: unknown) => error)
    expect(String((refusal as Error).cause ?? refusal)).toMatch(/SQLITE_BUSY/)
    await held.commit()
    try {
      await db.run(sql`update rate_limits set count = 2 where key = 'held'`)
      const seen = await otherProcess.execute("select key, count from rate_limits where key in ('held', 'refused')")
      expect(seen.rows.map((row) => [row.key, row.count])).toEqual([['held', 2]])
      await otherProcess.execute("insert into rate_limits (key, window_start, count) values ('after', 0, 1)")
    } finally {
      otherProcess.close()
      close()
    }
  })
})

describe('a commit refused for a lock another connection held', () => {
  it('leaves nothing pending: once the lock is gone, others write, and the refused connection sees it and writes again', async () => {
    // SQLite refuses a COMMIT on demand with a rollback journal, where a reader's lock holds the
    // writer's commit back. The statements of every embedded connection in this process are those
    // of db/client.ts (its database is a file), whatever the journal.
    const path = join(dirname(localFilePath(testConfig().DATABASE_URL)), 'rollback-journal.db')
    const writer = createClient({ url: `file:${path}`, concurrency: 1 })
    await writer.execute('create table notes (text text)')
    const reader = new EmbeddedDatabase(path)
    try {
      reader.exec('begin')
      reader.prepare('select count(*) from notes').get()
      const refusal = await writer.batch(["insert into notes values ('refused')"]).catch((error: unknown) => error)
      expect((refusal as { code?: string }).code).toBe('SQLITE_BUSY')
      reader.exec('commit')

      reader.exec("insert into notes values ('after')")
      expect((await writer.execute('select text from notes')).rows.map((row) => row.text)).toEqual(['after'])
      await writer.execute("insert into notes values ('again')")
      expect(reader.prepare('select count(*) as n from notes').get()).toMatchObject({ n: 2 })
    } finally {
      reader.close()
      writer.close()
    }
  })
})

describe('a message sent while another process holds the write lock', () => {
  it('waits without stopping this process, and is stored and delivered once the lock is released', async () => {
    const pair = await premiumPair('Dorcas')
    const listener = heardBy(pair.b.user.id)
    // Another process's writer, as far as SQLite can tell: a client of its own in the middle of a write.
    const holder = createClient({ url: h.config.DATABASE_URL })
    const held = await holder.transaction('write')
    await held.execute("insert into rate_limits (key, window_start, count) values ('held by another process', 0, 1)")
    const sending = pair.api.messaging.post({ conversationId: pair.conversationId, content: 'Waiting for the lock' })
    try {
      // Meanwhile the process goes on: a timer fires on time, and another member's read is answered.
      const timerSet = performance.now()
      await setTimeout(100)
      const timerLate = performance.now() - timerSet - 100
      const profile = await pair.b.api.profile.get()
      expect(profile?.firstName).toBe('DorcasB')
      expect(timerLate).toBeLessThan(50)
      expect(listener.heard).toEqual([])
    } finally {
      await held.commit()
      holder.close()
    }
    try {
      const sent = await sending
      const [stored] = await h.db.select({ content: messages.content }).from(messages).where(eq(messages.id, sent.id))
      expect(stored?.content).toBe('Waiting for the lock')
      expect(listener.heard).toEqual(['Waiting for the lock'])
    } finally {
      listener.stop()
    }
  })
})
