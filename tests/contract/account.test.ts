import { access } from 'node:fs/promises'
import { eq, or } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  blocks,
  conversations,
  interests,
  likes,
  matches,
  messages,
  notifications,
  photos,
  profiles,
  rateLimits,
  reports,
  sessions,
  users,
} from '#db/schema/index.ts'
import { validateSession } from '#server/auth/sessions.ts'
import { photoFilePath } from '#server/services/photos.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { jpegWithGps } from '#tests/support/images.ts'
import { completeMember, type Harness, MANY_MEMBERS, refusal } from '#tests/support/members.ts'

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )

/** Ruth with a bit of everything: a photo, a match with Boaz (and its opening message), an interest
 * each way, a block, a report filed and one against her, notifications both ways. */
async function busyCommunity() {
  const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
  const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
  const obed = await completeMember(h, { gender: 'man', firstName: 'Obed' })
  const jesse = await completeMember(h, { gender: 'man', firstName: 'Jesse' })
  await ruth.api.profile.addPhoto({ image: await jpegWithGps() })
  await boaz.api.likes.create({ receiverId: ruth.user.id })
  const match = await ruth.api.interests.create({ receiverId: boaz.user.id, interestType: 'coffee_date', message: 'Coffee after church?' })
  await obed.api.interests.create({ receiverId: ruth.user.id, interestType: 'study_partner', message: 'Study Ruth 2 together?' })
  await ruth.api.likes.create({ receiverId: obed.user.id })
  await ruth.api.safety.block({ userId: jesse.user.id })
  await ruth.api.safety.report({ userId: jesse.user.id, reason: 'harassment', details: 'Unkind words.' })
  await jesse.api.safety.report({ userId: ruth.user.id, reason: 'other', details: 'Retaliation.' })
  return { ruth, boaz, obed, jesse, match }
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on status, pause, resume, delete and export', async () => {
    const { api } = h.caller()
    for (const call of [api.account.status(), api.account.pause(), api.account.resume(), api.account.remove(), api.account.export()]) {
      expect((await refusal(call)).code).toBe('UNAUTHORIZED')
    }
  })
})

describe('pausing', () => {
  it('hides the member from Discover, profiles and likes until they resume', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    expect(await boaz.api.account.status()).toEqual({ status: 'active' })
    expect(await boaz.api.account.pause()).toEqual({ status: 'paused' })
    expect(await boaz.api.account.status()).toEqual({ status: 'paused' })
    expect((await ruth.api.members.discover({})).profiles).toEqual([])
    expect((await refusal(ruth.api.members.byId({ userId: boaz.user.id }))).code).toBe('NOT_FOUND')
    expect((await refusal(ruth.api.likes.create({ receiverId: boaz.user.id }))).code).toBe('NOT_FOUND')
    const [stored] = await h.db.select({ status: users.status }).from(users).where(eq(users.id, boaz.user.id))
    expect(stored).toEqual({ status: 'paused' })

    expect(await boaz.api.account.resume()).toEqual({ status: 'active' })
    expect(await boaz.api.account.status()).toEqual({ status: 'active' })
    expect((await ruth.api.members.discover({})).profiles.map((p) => p.userId)).toEqual([boaz.user.id])
  })

  it('keeps existing matches while paused', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    await boaz.api.likes.create({ receiverId: ruth.user.id })
    await boaz.api.account.pause()
    expect(await ruth.api.matches.list()).toHaveLength(1)
  })
})

describe('deleting the account', () => {
  it("removes the member's data everywhere, ends their sessions and clears the cookie", async () => {
    const { ruth, boaz, obed, jesse } = await busyCommunity()
    const [photo] = await h.db.select({ id: photos.id }).from(photos).where(eq(photos.userId, ruth.user.id))
    const photoFile = photoFilePath(h.config.UPLOADS_DIR, photo!.id, 'card')
    expect(await exists(photoFile)).toBe(true)
    await h.db.insert(rateLimits).values({ key: `browse:${ruth.user.id}`, windowStart: Date.now(), count: 1 })
    const [session] = await h.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, ruth.user.id))
    const ended: string[] = []
    const stop = h.realtime.bus.listen((event) => {
      if (event.type === 'sessions-ended') ended.push(...event.sessionIds)
    })

    try {
      expect(await ruth.api.account.remove()).toEqual({ success: true })
    } finally {
      stop()
    }

    const me = ruth.user.id
    const left = {
      users: await h.db.select().from(users).where(eq(users.id, me)),
      profiles: await h.db.select().from(profiles).where(eq(profiles.userId, me)),
      photos: await h.db.select().from(photos).where(eq(photos.userId, me)),
      sessions: await h.db.select().from(sessions).where(eq(sessions.userId, me)),
      likes: await h.db
        .select()
        .from(likes)
        .where(or(eq(likes.senderId, me), eq(likes.receiverId, me))),
      matches: await h.db
        .select()
        .from(matches)
        .where(or(eq(matches.userLowId, me), eq(matches.userHighId, me))),
      conversations: await h.db
        .select()
        .from(conversations)
        .where(or(eq(conversations.participant1Id, me), eq(conversations.participant2Id, me))),
      messages: await h.db.select().from(messages).where(eq(messages.senderId, me)),
      interests: await h.db
        .select()
        .from(interests)
        .where(or(eq(interests.senderId, me), eq(interests.receiverId, me))),
      blocks: await h.db
        .select()
        .from(blocks)
        .where(or(eq(blocks.blockerId, me), eq(blocks.blockedId, me))),
      reports: await h.db
        .select()
        .from(reports)
        .where(or(eq(reports.reporterId, me), eq(reports.reportedId, me))),
      notifications: await h.db
        .select()
        .from(notifications)
        .where(or(eq(notifications.userId, me), eq(notifications.actorId, me))),
      rateLimits: await h.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `browse:${me}`)),
    }
    for (const [table, rows] of Object.entries(left)) expect(rows, table).toEqual([])
    expect(await exists(photoFile)).toBe(false)
    expect(await exists(photoFilePath(h.config.UPLOADS_DIR, photo!.id, 'large'))).toBe(false)

    expect(await validateSession(h.db, ruth.token, { idleDays: 14, absoluteDays: 60 })).toBeNull()
    expect(ended).toEqual([session!.id])
    const cookie = ruth.headers.filter(([name]) => name === 'Set-Cookie').at(-1)?.[1]
    expect(cookie).toMatch(/^covenant_session=;.*Max-Age=0/)

    // The others keep their own accounts, without her.
    expect(await boaz.api.matches.list()).toEqual([])
    expect((await obed.api.notifications.list()).notifications.filter((note) => note.actor)).toEqual([])
    expect((await boaz.api.profile.get()).firstName).toBe('Boaz')
    expect((await jesse.api.members.discover({})).profiles).toEqual([])
    expect(await h.db.select().from(users)).toHaveLength(3)
  })
})

describe('exporting the account', () => {
  it('is a JSON document of everything stored about the member, other members by first name only', async () => {
    const { ruth, boaz, obed, jesse, match } = await busyCommunity()
    const exported = await ruth.api.account.export()
    const document = JSON.parse(JSON.stringify(exported))

    expect(document.account).toMatchObject({
      id: ruth.user.id,
      email: ruth.email,
      firstName: 'Ruth',
      lastName: 'Moab',
      plan: 'free',
      status: 'active',
    })
    expect(document.profile).toMatchObject({ gender: 'woman', city: 'Nashville', state: 'TN', country: 'US', denomination: 'baptist' })
    expect(document.photos).toEqual([
      {
        id: expect.any(String),
        // The largest rendition: the 96 × 72 upload's own 4:5 crop, never enlarged.
        width: 57,
        height: 71,
        createdAt: expect.any(String),
        url: expect.stringMatching(/^\/uploads\/photos\//),
      },
    ])
    expect(document.sessions).toHaveLength(1)
    expect(document.likesSent.map((like: { firstName: string }) => like.firstName).sort()).toEqual(['Boaz', 'Obed'])
    // Boaz by her interest; Obed because she liked him back after his interest.
    expect(document.matches).toEqual([
      {
        id: match.matchId,
        userId: boaz.user.id,
        firstName: 'Boaz',
        matchedAt: expect.any(String),
        endedAt: null,
        conversationId: match.conversationId,
        conversationClosedAt: null,
      },
      expect.objectContaining({ userId: obed.user.id, firstName: 'Obed', endedAt: null }),
    ])
    expect(document.messagesSent).toEqual([
      expect.objectContaining({ conversationId: match.conversationId, content: 'Coffee after church?', messageType: 'text' }),
    ])
    expect(document.interestsSent).toEqual([
      expect.objectContaining({ userId: boaz.user.id, firstName: 'Boaz', interestType: 'coffee_date', message: 'Coffee after church?' }),
    ])
    expect(document.interestsReceived).toEqual([
      expect.objectContaining({ userId: obed.user.id, firstName: 'Obed', message: 'Study Ruth 2 together?' }),
    ])
    expect(document.blocks).toEqual([{ userId: jesse.user.id, firstName: 'Jesse', blockedAt: expect.any(String) }])
    expect(document.reportsFiled).toEqual([
      expect.objectContaining({ userId: jesse.user.id, reason: 'harassment', details: 'Unkind words.', status: 'open' }),
    ])
    const fromMembers = document.notifications.filter((n: { type: string }) => n.type !== 'achievement_earned')
    // Boaz liked her back (a match for both); Obed's interest, then her like back (a match).
    expect(fromMembers.map((n: { type: string }) => n.type).sort()).toEqual(['interest_received', 'like_received', 'match', 'match'])

    // Nothing private about anyone else; no report filed against her (that is the reporter's).
    const text = JSON.stringify(document)
    for (const other of [boaz, obed, jesse]) expect(text).not.toContain(other.email)
    expect(text).not.toContain('Retaliation.')
    expect(text).not.toContain('password')
    expect(text).not.toMatch(/"id":"[0-9a-f]{64}"/)
  })

  it("exports only the caller's own data", async () => {
    const { ruth, boaz } = await busyCommunity()
    const exported = await boaz.api.account.export()
    expect(exported.account!.id).toBe(boaz.user.id)
    expect(JSON.stringify(exported)).not.toContain(ruth.email)
    expect(exported.photos).toEqual([])
    expect(exported.interestsReceived.map((interest) => interest.firstName)).toEqual(['Ruth'])
  })
})
