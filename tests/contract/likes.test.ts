import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { and, count, eq, isNotNull, ne, or } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { conversations, likes, matches, notifications } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { CANNOT_LIKE_YOURSELF, DAILY_LIKES_REACHED, PAUSED_CANNOT_LIKE } from '#server/services/likes.ts'
import { limitsOf } from '#shared/logic/entitlements.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { asNextRequest, completeMember, type Harness, MANY_MEMBERS, type Member, onPlan, refusal } from '#tests/support/members.ts'
import { testConfig } from '#tests/support/test-config.ts'

const dailyLikes = limitsOf('free').likesPerDay!

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

async function likeRows(db: Harness['db'], a: Member, b: Member) {
  return db
    .select()
    .from(likes)
    .where(
      or(
        and(eq(likes.senderId, a.user.id), eq(likes.receiverId, b.user.id)),
        and(eq(likes.senderId, b.user.id), eq(likes.receiverId, a.user.id)),
      ),
    )
}

async function pairMatches(db: Harness['db'], a: Member, b: Member) {
  const [low, high] = [a.user.id, b.user.id].sort() as [string, string]
  return db
    .select({ id: matches.id, endedAt: matches.endedAt, conversationId: conversations.id, closedAt: conversations.closedAt })
    .from(matches)
    .leftJoin(conversations, eq(conversations.matchId, matches.id))
    .where(and(eq(matches.userLowId, low), eq(matches.userHighId, high)))
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on likes and matches', async () => {
    const { api } = h.caller()
    expect((await refusal(api.likes.create({ receiverId: 'someone' }))).code).toBe('UNAUTHORIZED')
    expect((await refusal(api.matches.list())).code).toBe('UNAUTHORIZED')
    expect((await refusal(api.matches.remove({ id: 'some-match' }))).code).toBe('UNAUTHORIZED')
  })
})

describe('likes', () => {
  it('stores a like, then a reciprocal like makes one match with its conversation', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    expect(await ruth.api.likes.create({ receiverId: boaz.user.id })).toEqual({ isMutual: false })
    expect(await ruth.api.matches.list()).toEqual([])

    const mutual = await boaz.api.likes.create({ receiverId: ruth.user.id })
    expect(mutual).toEqual({
      isMutual: true,
      matchId: expect.any(String),
      conversationId: expect.any(String),
      member: { id: ruth.user.id, firstName: 'Ruth', photoUrl: null },
    })
    const rows = await pairMatches(h.db, ruth, boaz)
    expect(rows).toEqual([{ id: mutual.matchId, endedAt: null, conversationId: mutual.conversationId, closedAt: null }])

    const ruthsMatches = await ruth.api.matches.list()
    expect(ruthsMatches).toEqual([
      {
        id: mutual.matchId,
        matchedAt: expect.any(Date),
        conversationId: mutual.conversationId,
        user: { id: boaz.user.id, firstName: 'Boaz', profileImageUrl: null, age: 30, location: 'Nashville, Tennessee' },
      },
    ])
    expect((await boaz.api.matches.list()).map((m) => m.user.firstName)).toEqual(['Ruth'])
    // Both hear about the match, each with the other as the actor.
    const matchNotes = async (member: Member) =>
      (await member.api.notifications.list()).notifications.filter((note) => note.type === 'match')
    expect(await matchNotes(ruth)).toEqual([
      expect.objectContaining({
        type: 'match',
        matchId: mutual.matchId,
        conversationId: mutual.conversationId,
        actor: expect.objectContaining({ firstName: 'Boaz' }),
      }),
    ])
    expect(await matchNotes(boaz)).toEqual([
      expect.objectContaining({ type: 'match', matchId: mutual.matchId, actor: expect.objectContaining({ firstName: 'Ruth' }) }),
    ])
  })

  it('is idempotent: a second like is not an error and not a second row', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    expect(await ruth.api.likes.create({ receiverId: boaz.user.id })).toEqual({ isMutual: false })
    expect(await ruth.api.likes.create({ receiverId: boaz.user.id })).toEqual({ isMutual: false })
    expect(await likeRows(h.db, ruth, boaz)).toHaveLength(1)

    const mutual = await boaz.api.likes.create({ receiverId: ruth.user.id })
    expect(await boaz.api.likes.create({ receiverId: ruth.user.id })).toEqual(mutual)
    expect(await ruth.api.likes.create({ receiverId: boaz.user.id })).toEqual({
      ...mutual,
      member: { id: boaz.user.id, firstName: expect.any(String), photoUrl: null },
    })
    expect(await pairMatches(h.db, ruth, boaz)).toHaveLength(1)
    expect(await likeRows(h.db, ruth, boaz)).toHaveLength(2)
  })

  it('refuses liking oneself, and answers NOT_FOUND for blocked, paused, same-gender or unknown members', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const naomi = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const obed = await completeMember(h, { gender: 'man' })
    const jesse = await completeMember(h, { gender: 'man' })
    const self = await refusal(ruth.api.likes.create({ receiverId: ruth.user.id }))
    expect(self.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(self)).toBe(CANNOT_LIKE_YOURSELF)

    await ruth.api.safety.block({ userId: boaz.user.id })
    await obed.api.safety.block({ userId: ruth.user.id })
    await jesse.api.account.pause()
    for (const receiverId of [boaz.user.id, obed.user.id, jesse.user.id, naomi.user.id, 'no-such-member']) {
      expect((await refusal(ruth.api.likes.create({ receiverId }))).code, receiverId).toBe('NOT_FOUND')
    }
    expect((await refusal(boaz.api.likes.create({ receiverId: ruth.user.id }))).code).toBe('NOT_FOUND')
    expect((await refusal(obed.api.likes.create({ receiverId: ruth.user.id }))).code).toBe('NOT_FOUND')
    const [{ total }] = (await h.db.select({ total: count() }).from(likes)) as [{ total: number }]
    expect(total).toBe(0)
  })

  it('refuses a like from a paused member, whom nobody may see, until they resume', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await boaz.api.likes.create({ receiverId: ruth.user.id })
    await ruth.api.account.pause()
    const paused = await refusal((await asNextRequest(h, ruth)).likes.create({ receiverId: boaz.user.id }))
    expect(paused.code).toBe('FORBIDDEN')
    expect(publicErrorMessage(paused)).toBe(PAUSED_CANNOT_LIKE)
    expect(await boaz.api.matches.list()).toEqual([])
    await ruth.api.account.resume()
    expect(await (await asNextRequest(h, ruth)).likes.create({ receiverId: boaz.user.id })).toMatchObject({ isMutual: true })
  })

  it('validates the body', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    for (const body of [{}, { receiverId: '' }, { receiverId: 42 }, { receiverId: 'x'.repeat(65) }]) {
      const error = await refusal(ruth.api.likes.create(body as never))
      expect(error.code).toBe('BAD_REQUEST')
      expect(publicErrorMessage(error)).toBe('Please choose a member')
    }
  })
})

describe('the mutual-like race', () => {
  it('makes exactly one match and one conversation when both like at once (one process, file database)', async () => {
    const file = await contractHarness({ ...MANY_MEMBERS, DATABASE_URL: testConfig().DATABASE_URL })
    try {
      for (let round = 0; round < 5; round++) {
        const ruth = await completeMember(file, { gender: 'woman' })
        const boaz = await completeMember(file, { gender: 'man' })
        const outcomes = await Promise.all([
          ruth.api.likes.create({ receiverId: boaz.user.id }),
          boaz.api.likes.create({ receiverId: ruth.user.id }),
        ])
        expect(outcomes.filter((outcome) => outcome.isMutual)).toHaveLength(1)
        const rows = await pairMatches(file.db, ruth, boaz)
        expect(rows).toHaveLength(1)
        expect(rows[0]!.conversationId).toEqual(expect.any(String))
        expect(await ruth.api.matches.list()).toHaveLength(1)
        expect(await boaz.api.matches.list()).toHaveLength(1)
      }
    } finally {
      file.close()
    }
  })

  it('makes exactly one match per pair when two app processes like at the same instant', async () => {
    const file = await contractHarness({ ...MANY_MEMBERS, DATABASE_URL: testConfig().DATABASE_URL })
    try {
      const pairs: [Member, Member][] = []
      for (let i = 0; i < 8; i++)
        pairs.push([await completeMember(file, { gender: 'woman' }), await completeMember(file, { gender: 'man' })])
      const worker = fileURLToPath(new URL('../support/like-race-worker.ts', import.meta.url))
      const start = (jobs: [string, string][]) => {
        const child = spawn(process.execPath, ['--import', 'tsx', worker, file.config.DATABASE_URL, JSON.stringify(jobs)], {
          stdio: ['pipe', 'pipe', 'inherit'],
        })
        let output = ''
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
        const ready = new Promise<void>((resolve) => {
          const check = () => (output.includes('ready\n') ? resolve() : child.stdout!.once('data', check))
          check()
        })
        const done = once(child, 'exit').then(() => JSON.parse(output.slice(output.indexOf('ready\n') + 6)) as { isMutual: boolean }[])
        return { child, ready, done }
      }
      const women = start(pairs.map(([woman, man]) => [woman.user.id, man.user.id]))
      const men = start(pairs.map(([woman, man]) => [man.user.id, woman.user.id]))
      await Promise.all([women.ready, men.ready])
      const at = Date.now() + 200
      women.child.stdin!.end(`go ${at}\n`)
      men.child.stdin!.end(`go ${at}\n`)
      const [fromWomen, fromMen] = await Promise.all([women.done, men.done])

      for (const [i, [woman, man]] of pairs.entries()) {
        expect([fromWomen[i]!.isMutual, fromMen[i]!.isMutual].filter(Boolean)).toHaveLength(1)
        const rows = await pairMatches(file.db, woman, man)
        expect(rows).toHaveLength(1)
        expect(rows[0]!.conversationId).toEqual(expect.any(String))
      }
      const [{ total }] = (await file.db.select({ total: count() }).from(conversations)) as [{ total: number }]
      expect(total).toBe(pairs.length)
    } finally {
      file.close()
    }
  }, 60_000)
})

describe('matches', () => {
  it('unmatching ends the match and closes the conversation for both; only two new likes match again', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    const first = await boaz.api.likes.create({ receiverId: ruth.user.id })

    expect(await ruth.api.matches.remove({ id: first.matchId! })).toEqual({ success: true })
    expect(await ruth.api.matches.list()).toEqual([])
    expect(await boaz.api.matches.list()).toEqual([])
    const [ended] = await pairMatches(h.db, ruth, boaz)
    expect(ended).toEqual({
      id: first.matchId,
      endedAt: expect.any(Date),
      conversationId: first.conversationId,
      closedAt: expect.any(Date),
    })
    expect(await likeRows(h.db, ruth, boaz)).toEqual([])
    expect((await refusal(boaz.api.matches.remove({ id: first.matchId! }))).code).toBe('NOT_FOUND')
    // What the likes and the match told them goes with them: no match announced later, nothing left on the bell.
    for (const member of [ruth, boaz]) {
      const { notifications } = await member.api.notifications.list()
      expect(notifications.map((note) => note.type)).not.toEqual(expect.arrayContaining(['match']))
      expect(notifications.map((note) => note.type)).not.toEqual(expect.arrayContaining(['like_received']))
      expect((await member.api.notifications.unreadCount()).count).toBe(notifications.filter((note) => !note.readAt).length)
    }

    // Strangers again: each shows up in the other's Discover, and one like alone is not a match.
    expect((await ruth.api.members.discover({})).profiles.map((p) => p.userId)).toEqual([boaz.user.id])
    expect(await boaz.api.likes.create({ receiverId: ruth.user.id })).toEqual({ isMutual: false })
    const second = await ruth.api.likes.create({ receiverId: boaz.user.id })
    expect(second.isMutual).toBe(true)
    expect(second.matchId).not.toBe(first.matchId)
    expect(second.conversationId).not.toBe(first.conversationId)
    expect((await boaz.api.matches.list()).map((m) => m.id)).toEqual([second.matchId])
  })

  it("answers NOT_FOUND for another pair's match and leaves it alone", async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const orpah = await completeMember(h, { gender: 'woman' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    const { matchId } = await boaz.api.likes.create({ receiverId: ruth.user.id })
    expect((await refusal(orpah.api.matches.remove({ id: matchId! }))).code).toBe('NOT_FOUND')
    expect((await refusal(orpah.api.matches.remove({ id: 'no-such-match' }))).code).toBe('NOT_FOUND')
    expect(await orpah.api.matches.list()).toEqual([])
    expect(await ruth.api.matches.list()).toHaveLength(1)
  })
})

describe('the free tier daily like limit', () => {
  it(`allows ${dailyLikes} likes a day, then answers 429 with Retry-After and a word about Premium`, async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const men: Member[] = []
    for (let i = 0; i < dailyLikes + 2; i++) men.push(await completeMember(h, { gender: 'man' }))
    for (const man of men.slice(0, dailyLikes)) await ruth.api.likes.create({ receiverId: man.user.id })

    const error = await refusal(ruth.api.likes.create({ receiverId: men.at(-1)!.user.id }))
    expect(error.code).toBe('TOO_MANY_REQUESTS')
    expect(publicErrorMessage(error)).toBe(DAILY_LIKES_REACHED)
    expect(publicErrorMessage(error)).toContain('Premium')
    const retryAfter = Number(ruth.headers.find(([name]) => name === 'Retry-After')?.[1])
    expect(retryAfter).toBeGreaterThan(86_000)
    expect(retryAfter).toBeLessThanOrEqual(86_400)
    // Liking someone already liked is still fine: it stores nothing new.
    expect(await ruth.api.likes.create({ receiverId: men[0]!.user.id })).toEqual({ isMutual: false })
    // Any new like is refused until the oldest of the day leaves the 24-hour window.
    expect((await refusal(ruth.api.likes.create({ receiverId: men.at(-2)!.user.id }))).code).toBe('TOO_MANY_REQUESTS')
  })

  it('lets exactly one of ten parallel likes through when one like is left', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const men: Member[] = []
    for (let i = 0; i < dailyLikes - 1 + 10; i++) men.push(await completeMember(h, { gender: 'man' }))
    for (const man of men.slice(0, dailyLikes - 1)) await ruth.api.likes.create({ receiverId: man.user.id })
    const results = await Promise.allSettled(men.slice(dailyLikes - 1).map((man) => ruth.api.likes.create({ receiverId: man.user.id })))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const [{ total }] = (await h.db.select({ total: count() }).from(likes).where(eq(likes.senderId, ruth.user.id))) as [{ total: number }]
    expect(total).toBe(dailyLikes)
  })

  it('does not limit premium members', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    await onPlan(h, ruth, 'premium')
    for (let i = 0; i < dailyLikes + 2; i++) {
      const man = await completeMember(h, { gender: 'man' })
      await ruth.api.likes.create({ receiverId: man.user.id })
    }
    const [{ total }] = (await h.db.select({ total: count() }).from(likes).where(eq(likes.senderId, ruth.user.id))) as [{ total: number }]
    expect(total).toBe(dailyLikes + 2)
  })
})

describe('notifications', () => {
  it("are scoped to their member: nobody reads another member's", async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const orpah = await completeMember(h, { gender: 'woman' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    await boaz.api.likes.create({ receiverId: ruth.user.id })
    expect((await ruth.api.notifications.list()).notifications.map((note) => note.type)).toContain('match')
    const others = await h.db.select({ id: notifications.id }).from(notifications).where(ne(notifications.userId, orpah.user.id))
    expect((await orpah.api.notifications.list()).notifications.map((note) => note.type)).not.toContain('match')
    await orpah.api.notifications.markRead()
    await orpah.api.notifications.markRead({ ids: others.map((note) => note.id) })
    expect(
      await h.db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(and(ne(notifications.userId, orpah.user.id), isNotNull(notifications.readAt))),
    ).toEqual([])
    await ruth.api.notifications.markRead()
    expect((await ruth.api.notifications.list()).notifications[0]!.readAt).toEqual(expect.any(Date))
    expect((await refusal(h.caller().api.notifications.list())).code).toBe('UNAUTHORIZED')
  })
})

describe('achievements from likes', () => {
  it('awards First Spark for the first like and Kindred Spirits to both members of a match, once each', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    await boaz.api.likes.create({ receiverId: ruth.user.id })

    const names = async (member: Member) => (await member.api.achievements.user()).map((badge) => badge.name).sort()
    expect(await names(ruth)).toEqual(expect.arrayContaining(['First Spark', 'Kindred Spirits']))
    expect(await names(boaz)).toEqual(expect.arrayContaining(['First Spark', 'Kindred Spirits']))
    expect((await names(ruth)).filter((name) => name === 'First Spark')).toHaveLength(1)
  })
})
