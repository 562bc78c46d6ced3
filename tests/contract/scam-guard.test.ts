import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, reports } from '#db/schema/index.ts'
import { sendMessage } from '#server/services/messaging.ts'
import { SCAM_CONFIRMATION_NEEDED } from '#shared/logic/scam-guard.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, onPlan, refusal } from '#tests/support/members.ts'

let h: Harness
beforeAll(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterAll(() => h.close())

const ASKS_FOR_MONEY = 'Could you send me $500 for my flight? I will pay you back as soon as I land.'
const GIFT_CARDS = 'Please buy me two Google Play cards and send me the codes.'

async function match(a: Member, b: Member) {
  await a.api.likes.create({ receiverId: b.user.id })
  const { conversationId } = await b.api.likes.create({ receiverId: a.user.id })
  return conversationId!
}

/** A sender on a plan without a daily message limit, and a member they matched with. */
async function scammerAndMember(firstName = 'Ruth') {
  const scammer = await completeMember(h, { gender: 'man', firstName: 'Victor' })
  await onPlan(h, scammer, 'premium')
  const member = await completeMember(h, { gender: 'woman', firstName })
  return { scammer, member, conversationId: await match(scammer, member) }
}

const storedIn = (conversationId: string) =>
  h.db
    .select({ content: messages.content, scamSignals: messages.scamSignals })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))

const scamReportsAbout = (userId: string) =>
  h.db
    .select({ reporterId: reports.reporterId, reason: reports.reason, status: reports.status, conversationId: reports.conversationId })
    .from(reports)
    .where(and(eq(reports.reportedId, userId), eq(reports.origin, 'scam_guard')))

describe('the scam guard on sending', () => {
  it('refuses a flagged message until its sender confirms, and stores nothing meanwhile', async () => {
    const { scammer, member, conversationId } = await scammerAndMember()
    const byConversation = await refusal(scammer.api.messaging.post({ conversationId, content: ASKS_FOR_MONEY }))
    expect(byConversation.code).toBe('PRECONDITION_FAILED')
    expect(byConversation.message).toBe(SCAM_CONFIRMATION_NEEDED)
    const byReceiver = await refusal(scammer.api.messaging.send({ receiverId: member.user.id, content: GIFT_CARDS, confirmed: false }))
    expect(byReceiver.code).toBe('PRECONDITION_FAILED')
    expect(await storedIn(conversationId)).toEqual([])
    expect(await member.api.messaging.unreadCount()).toBe(0)
  })

  it('stores a confirmed message with its signals, and the recipient sees what it met', async () => {
    const { scammer, member, conversationId } = await scammerAndMember()
    const sent = await scammer.api.messaging.post({ conversationId, content: ASKS_FOR_MONEY, confirmed: true })
    expect(sent.scamSignals?.map((signal) => signal.id)).toEqual(['money_request'])
    expect(await storedIn(conversationId)).toEqual([{ content: ASKS_FOR_MONEY, scamSignals: ['money_request'] }])

    const { messages: thread } = await member.api.messaging.messages({ conversationId })
    expect(thread).toHaveLength(1)
    expect(thread[0]).toMatchObject({
      content: ASKS_FOR_MONEY,
      scamSignals: [{ id: 'money_request', explanation: 'This message asks for money.' }],
    })
  })

  it('lets ordinary messages through untouched, numbers and all', async () => {
    const { scammer, member, conversationId } = await scammerAndMember()
    const ordinary = [
      'Our pastor preached on John 3:16 and Romans 8:28 today.',
      "I'm raising support for our mission trip, the bake sale made $1,250!",
      'Call me sometime, dinner on Friday at 7:30?',
      'I tithe 10% and give to the building fund.',
    ]
    for (const content of ordinary) {
      const sent = await scammer.api.messaging.post({ conversationId, content })
      expect(sent).not.toHaveProperty('scamSignals')
    }
    const { messages: thread } = await member.api.messaging.messages({ conversationId })
    expect(thread.map((message) => message.content)).toEqual(ordinary)
    for (const message of thread) expect(message).not.toHaveProperty('scamSignals')
    expect((await storedIn(conversationId)).every((row) => row.scamSignals === null)).toBe(true)
    expect(await scamReportsAbout(scammer.user.id)).toEqual([])
  })

  it('asks about another app or a phone number only while the conversation is young', async () => {
    const { scammer, member, conversationId } = await scammerAndMember()
    const moveApps = 'Text me on WhatsApp, my number is 615-555-0134'
    expect((await refusal(scammer.api.messaging.post({ conversationId, content: moveApps }))).code).toBe('PRECONDITION_FAILED')
    await onPlan(h, member, 'premium')
    for (let i = 0; i < 5; i++) {
      await scammer.api.messaging.post({ conversationId, content: `How was your week, part ${i + 1}?` })
      await member.api.messaging.post({ conversationId, content: `Blessed, thank you! (${i + 1})` })
    }
    const sent = await scammer.api.messaging.post({ conversationId, content: moveApps })
    expect(sent).not.toHaveProperty('scamSignals')
  })

  it("checks access first: a stranger's flagged message to another pair's conversation is NOT_FOUND", async () => {
    const { conversationId } = await scammerAndMember()
    const stranger = await completeMember(h, { gender: 'man', firstName: 'Simon' })
    const refused = await refusal(stranger.api.messaging.post({ conversationId, content: ASKS_FOR_MONEY, confirmed: true }))
    expect(refused.code).toBe('NOT_FOUND')
    expect(await storedIn(conversationId)).toEqual([])
  })

  it('answers a visitor with UNAUTHORIZED', async () => {
    const { conversationId } = await scammerAndMember()
    const visitor = h.caller().api
    expect((await refusal(visitor.messaging.post({ conversationId, content: ASKS_FOR_MONEY, confirmed: true }))).code).toBe('UNAUTHORIZED')
  })
})

describe('the scam guard on notes with likes and Thoughtful Interests', () => {
  const MOVE_APPS = "Hi! I'm rarely on here, text me on WhatsApp at +1 615 555 0142."
  const offPlatformAndPhone = [expect.objectContaining({ id: 'off_platform' }), expect.objectContaining({ id: 'phone_number' })]
  const likesYouCard = async (member: Member, senderId: string) =>
    (await member.api.likes.received()).members.find((admirer) => admirer.id === senderId)

  it('asks before a flagged note goes with a like, stores nothing meanwhile, then shows the receiver what it met', async () => {
    const scammer = await completeMember(h, { gender: 'man', firstName: 'Victor' })
    const member = await completeMember(h, { gender: 'woman', firstName: 'Lydia' })
    await onPlan(h, member, 'premium')
    const refused = await refusal(scammer.api.likes.create({ receiverId: member.user.id, note: MOVE_APPS }))
    expect(refused.code).toBe('PRECONDITION_FAILED')
    expect(refused.message).toBe(SCAM_CONFIRMATION_NEEDED)
    expect(await likesYouCard(member, scammer.user.id)).toBeUndefined()

    await scammer.api.likes.create({ receiverId: member.user.id, note: MOVE_APPS, confirmed: true })
    const card = await likesYouCard(member, scammer.user.id)
    expect(card?.interest).toMatchObject({ message: MOVE_APPS, scamSignals: offPlatformAndPhone })

    // Liking back makes the match; the note opens the conversation with its safety note.
    const { conversationId } = await member.api.likes.create({ receiverId: scammer.user.id })
    const { messages: opening } = await member.api.messaging.messages({ conversationId: conversationId! })
    expect(opening).toEqual([expect.objectContaining({ content: MOVE_APPS, scamSignals: offPlatformAndPhone })])
  })

  it('asks the same of a Thoughtful Interest, and lets an ordinary note through without asking', async () => {
    const scammer = await completeMember(h, { gender: 'man', firstName: 'Victor' })
    const member = await completeMember(h, { gender: 'woman', firstName: 'Dorcas' })
    await onPlan(h, member, 'premium')
    const interest = { receiverId: member.user.id, interestType: 'general', message: GIFT_CARDS } as const
    expect((await refusal(scammer.api.interests.create(interest))).code).toBe('PRECONDITION_FAILED')
    await scammer.api.interests.create({ ...interest, confirmed: true })
    expect((await likesYouCard(member, scammer.user.id))?.interest?.scamSignals).toEqual([expect.objectContaining({ id: 'gift_cards' })])

    const friend = await completeMember(h, { gender: 'man', firstName: 'Aquila' })
    await friend.api.likes.create({
      receiverId: member.user.id,
      note: 'Your answer about Sabbath hikes made me smile. Psalm 121 is mine too.',
    })
    const card = await likesYouCard(member, friend.user.id)
    expect(card?.interest?.message).toMatch(/^Your answer/)
    expect(card?.interest).not.toHaveProperty('scamSignals')
  })
})

describe('reporting from the safety note', () => {
  it('files the report with the conversation it came from, and only a conversation between the two', async () => {
    const { scammer, member, conversationId } = await scammerAndMember()
    await scammer.api.messaging.post({ conversationId, content: ASKS_FOR_MONEY, confirmed: true })
    const { reportId } = await member.api.safety.report({ userId: scammer.user.id, reason: 'scam', details: '', conversationId })
    const [filed] = await h.db.select().from(reports).where(eq(reports.id, reportId))
    expect(filed).toMatchObject({ reporterId: member.user.id, reportedId: scammer.user.id, origin: 'member', conversationId })

    const other = await scammerAndMember('Naomi')
    const elsewhere = await refusal(
      member.api.safety.report({ userId: scammer.user.id, reason: 'scam', conversationId: other.conversationId }),
    )
    expect(elsewhere.code).toBe('NOT_FOUND')
  })
})

describe("the scam guard's report to the moderators", () => {
  it('opens exactly one report after three flagged messages in a day, however many follow', async () => {
    const { scammer, conversationId } = await scammerAndMember()
    await scammer.api.messaging.post({ conversationId, content: ASKS_FOR_MONEY, confirmed: true })
    await scammer.api.messaging.post({ conversationId, content: GIFT_CARDS, confirmed: true })
    expect(await scamReportsAbout(scammer.user.id)).toEqual([])

    await scammer.api.messaging.post({ conversationId, content: 'Send it in Bitcoin to my wallet address', confirmed: true })
    const expected = { reporterId: null, reason: 'scam', status: 'open', conversationId }
    expect(await scamReportsAbout(scammer.user.id)).toEqual([expected])

    await Promise.all(
      ['Western Union is fastest', 'Please send me $300 tonight', 'Buy me a Steam card'].map((content) =>
        scammer.api.messaging.post({ conversationId, content, confirmed: true }),
      ),
    )
    expect(await scamReportsAbout(scammer.user.id)).toEqual([expected])
  })

  it('opens one report when flagged messages reach two different members, about the latest conversation', async () => {
    const { scammer, conversationId: first } = await scammerAndMember('Ruth')
    const second = await match(scammer, await completeMember(h, { gender: 'woman', firstName: 'Naomi' }))
    await scammer.api.messaging.post({ conversationId: first, content: ASKS_FOR_MONEY, confirmed: true })
    expect(await scamReportsAbout(scammer.user.id)).toEqual([])
    await scammer.api.messaging.post({ conversationId: second, content: GIFT_CARDS, confirmed: true })
    expect(await scamReportsAbout(scammer.user.id)).toEqual([{ reporterId: null, reason: 'scam', status: 'open', conversationId: second }])
  })

  it('files a new report only for hits after a moderator closed the last one', async () => {
    const { scammer, conversationId } = await scammerAndMember()
    for (const content of [ASKS_FOR_MONEY, GIFT_CARDS, 'Western Union to my agent please'])
      await scammer.api.messaging.post({ conversationId, content, confirmed: true })
    const later = new Date(Date.now() + 1000)
    await h.db
      .update(reports)
      .set({ status: 'resolved', outcome: 'dismissed', resolvedAt: later })
      .where(eq(reports.reportedId, scammer.user.id))

    const sender = { id: scammer.user.id, plan: 'premium' as const }
    const message = { conversationId, messageType: 'text' as const, confirmed: true }
    await sendMessage(h.db, h.realtime.bus, sender, { ...message, content: 'Buy me a Steam card' }, new Date(later.getTime() + 1000))
    await sendMessage(h.db, h.realtime.bus, sender, { ...message, content: 'Please send me $300' }, new Date(later.getTime() + 2000))
    expect((await scamReportsAbout(scammer.user.id)).map((report) => report.status)).toEqual(['resolved'])
    await sendMessage(h.db, h.realtime.bus, sender, { ...message, content: 'MoneyGram works too' }, new Date(later.getTime() + 3000))
    expect((await scamReportsAbout(scammer.user.id)).map((report) => report.status).sort()).toEqual(['open', 'resolved'])
  })

  it('never reports a member for ordinary messages, however many', async () => {
    const { scammer, conversationId } = await scammerAndMember()
    for (let i = 0; i < 6; i++) await scammer.api.messaging.post({ conversationId, content: `Praying for you today, Psalm ${i + 20}:1` })
    expect(await scamReportsAbout(scammer.user.id)).toEqual([])
  })
})
