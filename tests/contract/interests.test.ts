import { asc, count, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { conversations, interests, likes, messages, users } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { INTEREST_ALREADY_SENT } from '#server/services/likes.ts'
import { limitsOf } from '#shared/logic/entitlements.ts'
import { MESSAGE_REQUIRED, type SendInterestInput } from '#shared/schemas/interests.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, refusal } from '#tests/support/members.ts'

const dailyLikes = limitsOf('free').likesPerDay!

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

const coffee = (receiver: Member, fields: Partial<SendInterestInput> = {}): SendInterestInput => ({
  receiverId: receiver.user.id,
  interestType: 'coffee_date',
  message: 'Your love for Ruth 1 made me smile. Coffee after church?',
  suggestedActivity: 'Coffee at the Frothy Monkey',
  timePreference: 'weekend_afternoon',
  ...fields,
})

/** What other members set off (achievements a member earns along the way are left out). */
async function notes(member: Member) {
  return (await member.api.notifications.list()).notifications.filter((note) => note.type !== 'achievement_earned')
}

async function storedInterests() {
  return h.db
    .select({
      senderId: interests.senderId,
      receiverId: interests.receiverId,
      interestType: interests.interestType,
      message: interests.message,
      suggestedActivity: interests.suggestedActivity,
      timePreference: interests.timePreference,
    })
    .from(interests)
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on sending an interest', async () => {
    const error = await refusal(h.caller().api.interests.create({ receiverId: 'x', interestType: 'general', message: 'Hello' }))
    expect(error.code).toBe('UNAUTHORIZED')
  })
})

describe('thoughtful interest validation (spec section 5)', () => {
  it.each([
    ['an empty message', { message: '' }, MESSAGE_REQUIRED],
    ['a message of spaces and new lines', { message: '  \n\t  ' }, MESSAGE_REQUIRED],
    ['no message at all', { message: undefined }, MESSAGE_REQUIRED],
    ['a message over 500 characters', { message: 'a'.repeat(501) }, 'Please keep your message under 500 characters'],
    ['an unknown interest type', { interestType: 'dinner' }, 'Please choose how you would like to meet'],
    ['an unknown time preference', { timePreference: 'midnight' }, 'Please choose a time preference'],
    [
      'a suggested activity over 300 characters',
      { suggestedActivity: 'b'.repeat(301) },
      'Please keep the suggested activity under 300 characters',
    ],
    ['a right-to-left override in the message', { message: 'Hello \u202Edlrow' }, 'Please remove unsupported characters'],
  ])('refuses %s with a readable message and stores nothing', async (_, fields, message) => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const error = await refusal(ruth.api.interests.create({ ...coffee(boaz), ...fields } as never))
    expect(error.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(error)).toBe(message)
    expect(await storedInterests()).toEqual([])
    expect(await h.db.select().from(likes)).toEqual([])
  })

  it('accepts exactly 500 characters after trimming', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await ruth.api.interests.create(coffee(boaz, { message: `  ${'a'.repeat(500)}  ` }))
    expect((await storedInterests())[0]!.message).toHaveLength(500)
  })

  it('keeps the suggested activity and time preference only for a coffee date or a potluck', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const men = [
      await completeMember(h, { gender: 'man' }),
      await completeMember(h, { gender: 'man' }),
      await completeMember(h, { gender: 'man' }),
      await completeMember(h, { gender: 'man' }),
    ]
    const types = ['coffee_date', 'potluck', 'study_partner', 'general'] as const
    for (const [i, interestType] of types.entries()) {
      await ruth.api.interests.create(coffee(men[i]!, { interestType, suggestedActivity: 'Fellowship lunch', timePreference: 'sabbath' }))
    }
    const stored = await storedInterests()
    const byType = Object.fromEntries(stored.map((row) => [row.interestType, [row.suggestedActivity, row.timePreference]]))
    expect(byType).toEqual({
      coffee_date: ['Fellowship lunch', 'sabbath'],
      potluck: ['Fellowship lunch', 'sabbath'],
      study_partner: [null, null],
      general: [null, null],
    })
  })

  it('takes the suggested activity and time preference as optional', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await ruth.api.interests.create({
      receiverId: boaz.user.id,
      interestType: 'coffee_date',
      message: 'Coffee?',
      suggestedActivity: '  ',
      timePreference: null,
    })
    expect(await storedInterests()).toEqual([
      {
        senderId: ruth.user.id,
        receiverId: boaz.user.id,
        interestType: 'coffee_date',
        message: 'Coffee?',
        suggestedActivity: null,
        timePreference: null,
      },
    ])
  })
})

describe('sending a thoughtful interest', () => {
  it('stores it, counts as a like and notifies the receiver', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man' })
    // On a plan with Likes You the notification names the sender and carries her words.
    await h.db.update(users).set({ plan: 'premium' }).where(eq(users.id, boaz.user.id))
    const sent = await ruth.api.interests.create(coffee(boaz))
    expect(sent).toEqual({ id: expect.any(String), isMutual: false })
    expect(await h.db.select({ senderId: likes.senderId, receiverId: likes.receiverId }).from(likes)).toEqual([
      { senderId: ruth.user.id, receiverId: boaz.user.id },
    ])
    // Liked, so gone from her Discover; his profile says so.
    expect((await ruth.api.members.discover({})).profiles).toEqual([])
    expect((await ruth.api.members.byId({ userId: boaz.user.id })).relationship).toMatchObject({ liked: true, interestSent: true })

    expect(await notes(boaz)).toEqual([
      {
        id: expect.any(String),
        type: 'interest_received',
        createdAt: expect.any(Date),
        readAt: null,
        actor: { id: ruth.user.id, firstName: 'Ruth', photoUrl: null },
        interest: {
          id: sent.id,
          interestType: 'coffee_date',
          message: 'Your love for Ruth 1 made me smile. Coffee after church?',
          suggestedActivity: 'Coffee at the Frothy Monkey',
          timePreference: 'weekend_afternoon',
          about: null,
        },
      },
    ])
    expect(await notes(ruth)).toEqual([])
  })

  it('makes a match when the receiver already liked the sender, and the message opens the conversation', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await boaz.api.likes.create({ receiverId: ruth.user.id })
    const sent = await ruth.api.interests.create(coffee(boaz, { message: 'Shall we talk over coffee?' }))
    expect(sent).toEqual({
      id: expect.any(String),
      isMutual: true,
      matchId: expect.any(String),
      conversationId: expect.any(String),
      member: { id: boaz.user.id, firstName: expect.any(String), photoUrl: null },
    })

    const thread = await h.db
      .select({ senderId: messages.senderId, content: messages.content, messageType: messages.messageType })
      .from(messages)
      .where(eq(messages.conversationId, sent.conversationId!))
    expect(thread).toEqual([{ senderId: ruth.user.id, content: 'Shall we talk over coffee?', messageType: 'text' }])
    const [conversation] = await h.db.select().from(conversations).where(eq(conversations.id, sent.conversationId!))
    expect(conversation!.lastMessageAt).toEqual(expect.any(Date))
    // A match is told to both members; the interest that made it opens the conversation instead of a notification of its own.
    expect((await notes(boaz)).map((n) => n.type)).toEqual(['match'])
    // Ruth had heard of Boaz's like before.
    expect((await notes(ruth)).map((n) => n.type)).toEqual(['match', 'like_received'])
  })

  it('opens the conversation with earlier interests when a later like makes the match', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await ruth.api.interests.create(coffee(boaz, { message: 'First, from Ruth.' }))
    const match = await boaz.api.likes.create({ receiverId: ruth.user.id })
    expect(match.isMutual).toBe(true)
    const thread = await h.db
      .select({ senderId: messages.senderId, content: messages.content })
      .from(messages)
      .where(eq(messages.conversationId, match.conversationId!))
      .orderBy(asc(messages.createdAt))
    expect(thread).toEqual([{ senderId: ruth.user.id, content: 'First, from Ruth.' }])
  })

  it('refuses a second interest to the same member (CONFLICT) without a second notification', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await ruth.api.interests.create(coffee(boaz))
    const error = await refusal(ruth.api.interests.create(coffee(boaz, { interestType: 'general', message: 'Again' })))
    expect(error.code).toBe('CONFLICT')
    expect(publicErrorMessage(error)).toBe(INTEREST_ALREADY_SENT)
    expect(await storedInterests()).toHaveLength(1)
    expect(await notes(boaz)).toHaveLength(1)
  })

  it('refuses oneself, and blocked, paused or same-gender members are NOT_FOUND', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const naomi = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const obed = await completeMember(h, { gender: 'man' })
    const jesse = await completeMember(h, { gender: 'man' })
    expect((await refusal(ruth.api.interests.create(coffee(ruth)))).code).toBe('BAD_REQUEST')
    await ruth.api.safety.block({ userId: boaz.user.id })
    await obed.api.safety.block({ userId: ruth.user.id })
    await jesse.api.account.pause()
    for (const receiver of [boaz, obed, jesse, naomi]) {
      expect((await refusal(ruth.api.interests.create(coffee(receiver)))).code).toBe('NOT_FOUND')
    }
    expect(await storedInterests()).toEqual([])
  })

  it("counts against the free tier's daily likes", async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const men: Member[] = []
    for (let i = 0; i <= dailyLikes; i++) men.push(await completeMember(h, { gender: 'man' }))
    for (const man of men.slice(0, dailyLikes)) await ruth.api.interests.create(coffee(man))
    expect((await refusal(ruth.api.interests.create(coffee(men.at(-1)!)))).code).toBe('TOO_MANY_REQUESTS')
    expect((await refusal(ruth.api.likes.create({ receiverId: men.at(-1)!.user.id }))).code).toBe('TOO_MANY_REQUESTS')
    const [{ total }] = (await h.db.select({ total: count() }).from(interests)) as [{ total: number }]
    expect(total).toBe(dailyLikes)
  })

  it('hides a notification from a member the receiver has since blocked', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await ruth.api.interests.create(coffee(boaz))
    expect(await notes(boaz)).toHaveLength(1)
    await boaz.api.safety.block({ userId: ruth.user.id })
    expect(await notes(boaz)).toEqual([])
  })
})
