import { TRPCError } from '@trpc/server'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomId } from '#db/ids.ts'
import { conversations, likes, matches, messages, photos, profiles, userAchievements, users } from '#db/schema/index.ts'
import { recordActivity } from '#server/services/achievements.ts'
import { achievementCatalog, achievementCategories, achievementRarities } from '#shared/content/achievements.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { jpegWithGps } from '#tests/support/images.ts'

type Harness = Awaited<ReturnType<typeof contractHarness>>
type Member = Awaited<ReturnType<Harness['member']>>

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCError) return error
    throw error
  }
  throw new Error('expected the call to be refused, but it succeeded')
}

const DAY_MS = 86_400_000

let h: Harness
beforeAll(async () => {
  h = await contractHarness()
})
afterAll(() => h.close())

async function awardRows(userId: string, achievementId: string) {
  const [row] = await h.db
    .select({ n: count() })
    .from(userAchievements)
    .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, achievementId)))
  return row?.n ?? 0
}

/** Names of what was earned, leaving out seasonal badges (a test run in December also earns Christmas Joy). */
const names = (list: { name: string; category: string }[]) =>
  list
    .filter((a) => a.category !== 'seasonal')
    .map((a) => a.name)
    .sort()

/** A match and its conversation between two members, as the matching service stores them. */
async function matchAndConversation(a: Member, b: Member) {
  const [low, high] = a.user.id < b.user.id ? [a.user.id, b.user.id] : [b.user.id, a.user.id]
  const matchId = randomId()
  const conversationId = randomId()
  await h.db.insert(matches).values({ id: matchId, userLowId: low, userHighId: high })
  await h.db.insert(conversations).values({ id: conversationId, matchId, participant1Id: low, participant2Id: high })
  return conversationId
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on every achievements procedure', async () => {
    const { api } = h.caller()
    const calls = [
      api.achievements.user(),
      api.achievements.available(),
      api.achievements.rewards(),
      api.achievements.leaderboard(),
      api.achievements.unseen(),
      api.achievements.acknowledge({ ids: ['first-steps'] }),
      api.achievements.checkIn(),
    ]
    for (const call of calls) expect((await refusal(call)).code).toBe('UNAUTHORIZED')
  })
})

describe('the catalog', () => {
  it('spans every category and rarity, with unique ids and names', () => {
    expect(new Set(achievementCatalog.map((a) => a.category))).toEqual(new Set(achievementCategories))
    expect(new Set(achievementCatalog.map((a) => a.rarity))).toEqual(new Set(achievementRarities))
    expect(new Set(achievementCatalog.map((a) => a.id)).size).toBe(achievementCatalog.length)
    expect(new Set(achievementCatalog.map((a) => a.name)).size).toBe(achievementCatalog.length)
  })
})

describe('a new member', () => {
  it('has nothing achieved, everything available at 0% (but the visit streak), and is a Newcomer', async () => {
    const member = await h.member()
    expect(await member.api.achievements.user()).toEqual([])
    const available = await member.api.achievements.available()
    expect(available).toHaveLength(achievementCatalog.length)
    for (const achievement of available) {
      expect(achievement).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
        category: expect.any(String),
        rarity: expect.any(String),
        points: expect.any(Number),
        requirement: expect.any(String),
        achievedDate: null,
        progress: 0,
      })
    }
    const rarities = available.map((a) => achievementRarities.indexOf(a.rarity))
    expect(rarities).toEqual([...rarities].sort((x, y) => x - y))
    expect(await member.api.achievements.rewards()).toMatchObject({ totalPoints: 0, level: 'Newcomer', badgeCount: 0 })
  })
})

describe('triggers award once each', () => {
  it('completing the profile awards First Steps once, with achievedDate', async () => {
    const member = await h.member()
    await member.api.profile.update({ city: 'Nashville', state: 'TN', country: 'US' })
    expect(names(await member.api.achievements.user())).toEqual([])
    await member.api.profile.update({ gender: 'woman', birthDate: '1994-05-17' })
    await member.api.profile.update({ bio: 'Saved again' })
    const earned = (await member.api.achievements.user()).find((a) => a.category !== 'seasonal')
    expect(earned).toMatchObject({
      id: 'first-steps',
      name: 'First Steps',
      category: 'milestones',
      rarity: 'common',
      points: 10,
      progress: 100,
    })
    expect(Date.parse(earned!.achievedDate)).toBeGreaterThan(Date.now() - 60_000)
    expect(await awardRows(member.user.id, 'first-steps')).toBe(1)
  })

  it('a photo awards Picture of Grace and shows progress towards Gallery of Blessings', async () => {
    const member = await h.member()
    const photo = await jpegWithGps()
    await member.api.profile.addPhoto({ image: photo })
    await member.api.profile.addPhoto({ image: photo })
    expect(names(await member.api.achievements.user())).toEqual(['Picture of Grace'])
    expect(await awardRows(member.user.id, 'picture-of-grace')).toBe(1)
    const gallery = (await member.api.achievements.available()).find((a) => a.id === 'gallery-of-blessings')!
    expect(gallery.progress).toBe(50)
  })

  it('likes, matches and messages recorded by other services award their badges once', async () => {
    const [a, b] = await Promise.all([h.member({ firstName: 'Boaz' }), h.member({ firstName: 'Ruth' })])
    await h.db.insert(likes).values({ senderId: a.user.id, receiverId: b.user.id })
    expect(names(await recordActivity(h.db, h.realtime.bus, a.user.id, 'like_sent'))).toEqual(['First Spark'])
    expect(await recordActivity(h.db, h.realtime.bus, a.user.id, 'like_sent')).toEqual([])

    const conversationId = await matchAndConversation(a, b)
    expect(names(await recordActivity(h.db, h.realtime.bus, a.user.id, 'match_made'))).toEqual(['Kindred Spirits'])
    expect(names(await recordActivity(h.db, h.realtime.bus, b.user.id, 'match_made'))).toEqual(['Kindred Spirits'])

    await h.db.insert(messages).values({ conversationId, senderId: a.user.id, content: 'Shalom!', messageType: 'text' })
    expect(names(await recordActivity(h.db, h.realtime.bus, a.user.id, 'message_sent'))).toEqual(['First Hello'])
    await h.db
      .insert(messages)
      .values({ conversationId, senderId: a.user.id, content: 'Praying for your week', messageType: 'prayer_request' })
    expect(names(await recordActivity(h.db, h.realtime.bus, a.user.id, 'prayer_shared'))).toEqual(['Carry One Another'])
    expect(await recordActivity(h.db, h.realtime.bus, a.user.id, 'prayer_shared')).toEqual([])
    const prayer = (await a.api.achievements.available()).find((x) => x.id === 'prayer-warrior')!
    expect(prayer.progress).toBe(10)
  })

  it("a day's later messages write nothing for the achievements, and the fiftieth still awards its badge", async () => {
    const [a, b] = await Promise.all([h.member(), h.member()])
    const conversationId = await matchAndConversation(a, b)
    const record = async () => names(await recordActivity(h.db, h.realtime.bus, a.user.id, 'message_sent'))
    const send = async (content: string) => {
      await h.db.insert(messages).values({ conversationId, senderId: a.user.id, content, messageType: 'text' })
      return record()
    }
    expect(await send('Shalom!')).toEqual(['First Hello'])
    await h.db.insert(messages).values({ conversationId, senderId: a.user.id, content: 'How was the harvest?', messageType: 'text' })
    const statements = await h.statementsOf(record)
    // Only the count of her messages is read: her day is stored, and what she holds is known.
    expect(statements.map((statement) => statement.sql)).toEqual([expect.stringMatching(/^select \(select count\(\*\) from "messages"/)])
    for (let sent = 3; sent < 50; sent++) expect(await send(`Message ${sent}`)).toEqual([])
    expect(await send('The fiftieth')).toEqual(['Faithful Correspondent'])
    expect(await awardRows(a.user.id, 'faithful-correspondent')).toBe(1)
  })

  it('completing the interview awards Know Thyself once', async () => {
    const member = await h.member()
    expect(names(await recordActivity(h.db, h.realtime.bus, member.user.id, 'interview_completed'))).toEqual(['Know Thyself'])
    expect(await recordActivity(h.db, h.realtime.bus, member.user.id, 'interview_completed')).toEqual([])
  })

  it('concurrent triggers award a badge exactly once', async () => {
    const member = await h.member()
    const other = await h.member()
    await h.db.insert(likes).values({ senderId: member.user.id, receiverId: other.user.id })
    const results = await Promise.all(Array.from({ length: 6 }, () => recordActivity(h.db, h.realtime.bus, member.user.id, 'like_sent')))
    expect(results.flat().filter((a) => a.id === 'first-spark')).toHaveLength(1)
    expect(await awardRows(member.user.id, 'first-spark')).toBe(1)
  })

  it('streaks count consecutive days: Steadfast on the seventh', async () => {
    const member = await h.member()
    const start = Date.UTC(2031, 2, 1, 12)
    for (let day = 0; day < 6; day++)
      expect(await recordActivity(h.db, h.realtime.bus, member.user.id, 'visit', new Date(start + day * DAY_MS))).toEqual([])
    expect(names(await recordActivity(h.db, h.realtime.bus, member.user.id, 'visit', new Date(start + 6 * DAY_MS)))).toEqual(['Steadfast'])
    expect(await recordActivity(h.db, h.realtime.bus, member.user.id, 'visit', new Date(start + 7 * DAY_MS))).toEqual([])
  })

  it('a gap breaks the streak', async () => {
    const member = await h.member()
    const start = Date.UTC(2031, 4, 1, 12)
    for (const day of [0, 1, 2, 4, 5, 6, 7, 8])
      await recordActivity(h.db, h.realtime.bus, member.user.id, 'visit', new Date(start + day * DAY_MS))
    expect(await awardRows(member.user.id, 'steadfast')).toBe(0)
    expect(names(await recordActivity(h.db, h.realtime.bus, member.user.id, 'visit', new Date(start + 10 * DAY_MS)))).toEqual([])
  })

  it('a December visit awards Christmas Joy', async () => {
    const member = await h.member()
    expect(await recordActivity(h.db, h.realtime.bus, member.user.id, 'visit', new Date(Date.UTC(2031, 10, 30, 12)))).toEqual([])
    const earned = await recordActivity(h.db, h.realtime.bus, member.user.id, 'visit', new Date(Date.UTC(2031, 11, 2, 12)))
    expect(earned.map((a) => a.name)).toEqual(['Christmas Joy'])
  })

  it('checkIn records a visit and reports nothing new for a fresh member', async () => {
    const member = await h.member()
    expect(names((await member.api.achievements.checkIn()).earned)).toEqual([])
  })
})

describe('unseen and acknowledge', () => {
  it('lists awards until the member acknowledges them, and only their own', async () => {
    const member = await h.member()
    const other = await h.member()
    await recordActivity(h.db, h.realtime.bus, member.user.id, 'interview_completed')
    expect(names(await member.api.achievements.unseen())).toEqual(['Know Thyself'])
    expect(await other.api.achievements.acknowledge({ ids: ['know-thyself'] })).toEqual({ acknowledged: 0 })
    expect(await member.api.achievements.acknowledge({ ids: ['know-thyself'] })).toEqual({ acknowledged: 1 })
    expect(names(await member.api.achievements.unseen())).toEqual([])
  })
})

describe('rewards and levels', () => {
  it('sums points and names the level', async () => {
    const member = await h.member()
    // Servant Host 30 + Fellowship Seeker 10 + Know Thyself 30 = 70: a Seeker.
    const start = new Date(Date.now() + 5 * DAY_MS).toISOString().slice(0, 11)
    await member.api.events.create({
      title: 'Levels Picnic',
      eventType: 'social',
      churchName: 'Grace Chapel',
      location: 'Park',
      city: 'Nashville',
      state: 'TN',
      startDateTime: `${start}12:00`,
      endDateTime: `${start}14:00`,
      timeZone: 'UTC',
      maxAttendees: 10,
    })
    await recordActivity(h.db, h.realtime.bus, member.user.id, 'interview_completed')
    // In December the visit also earns Christmas Joy (25 points): still a Seeker.
    const earned = await member.api.achievements.user()
    const seasonal = earned.filter((a) => a.category === 'seasonal')
    expect(names(earned.filter((a) => a.category !== 'seasonal'))).toEqual(['Fellowship Seeker', 'Know Thyself', 'Servant Host'])
    const totalPoints = 70 + seasonal.reduce((sum, a) => sum + a.points, 0)
    expect(await member.api.achievements.rewards()).toEqual({
      totalPoints,
      level: 'Seeker',
      badgeCount: 3 + seasonal.length,
      nextLevel: { name: 'Believer', minPoints: 150 },
      pointsToNextLevel: 150 - totalPoints,
    })
  })
})

describe('the leaderboard', () => {
  it('ranks members by points with first names only, and leaves out paused members', async () => {
    const local = await contractHarness()
    try {
      const [gold, silver, bronze, paused, none] = await Promise.all(
        ['Abigail', 'Benjamin', 'Claire', 'Dorcas', 'Eli'].map((firstName) => local.member({ firstName, lastName: 'Surname' })),
      )
      const award = (member: Member, ids: string[]) =>
        local.db.insert(userAchievements).values(
          ids.map((achievementId) => ({
            userId: member.user.id,
            achievementId,
            points: achievementCatalog.find((a) => a.id === achievementId)!.points,
            achievedAt: new Date(),
          })),
        )
      await award(gold!, ['verified-believer', 'servant-host'])
      await award(silver!, ['know-thyself', 'first-steps', 'picture-of-grace'])
      await award(bronze!, ['first-steps', 'first-spark'])
      await award(paused!, ['covenant-ready'])
      await local.db.update(users).set({ status: 'paused' }).where(eq(users.id, paused!.user.id))

      // A main photo set directly: an upload would earn Abigail another badge.
      const photoId = randomId()
      await local.db.insert(photos).values({ id: photoId, userId: gold!.user.id, width: 720, height: 900 })
      await local.db.update(profiles).set({ photoId }).where(eq(profiles.userId, gold!.user.id))
      const profileImageUrl = `/uploads/photos/${photoId}-card.webp`

      const board = await bronze!.api.achievements.leaderboard()
      expect(board).toEqual([
        {
          rank: 1,
          userId: gold!.user.id,
          name: 'Abigail',
          photoUrl: profileImageUrl,
          badgeCount: 2,
          totalPoints: 80,
          isCurrentMember: false,
        },
        { rank: 2, userId: silver!.user.id, name: 'Benjamin', photoUrl: null, badgeCount: 3, totalPoints: 50, isCurrentMember: false },
        { rank: 3, userId: bronze!.user.id, name: 'Claire', photoUrl: null, badgeCount: 2, totalPoints: 20, isCurrentMember: true },
      ])
      expect(JSON.stringify(board)).not.toContain('Surname')
      expect(board.map((entry) => entry.userId)).not.toContain(none!.user.id)
    } finally {
      local.close()
    }
  })
})
