import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversations, jobs, messages, users } from '#db/schema/index.ts'
import { validateSession } from '#server/auth/sessions.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { SENDING_TOO_FAST } from '#server/routers/messaging.ts'
import { DOUBLE_SEND_WINDOW_MS, sendMessage } from '#server/services/messaging.ts'
import { DAILY_MESSAGES_REACHED } from '#shared/schemas/messaging.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { jpegWithGps } from '#tests/support/images.ts'
import { completeMember, type Harness, MANY_MEMBERS, onPlan, refusal } from '#tests/support/members.ts'

let h: Harness
beforeAll(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterAll(() => h.close())

async function matchedPair() {
  const a = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
  const b = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
  await a.api.likes.create({ receiverId: b.user.id })
  const { conversationId } = await b.api.likes.create({ receiverId: a.user.id })
  return { a, b, conversationId: conversationId! }
}

describe('conversations and messages', () => {
  it('lists the conversation in the spec shape, newest activity first, with the last message', async () => {
    const { a, b, conversationId } = await matchedPair()
    const sent = await (await onPlan(h, a, 'premium')).messaging.send({
      receiverId: b.user.id,
      content: '  Shalom, Boaz!  ',
      messageType: 'text',
    })
    expect(sent).toMatchObject({ senderId: a.user.id, content: 'Shalom, Boaz!', messageType: 'text', isDelivered: false, isRead: false })

    const [conversation] = await b.api.messaging.conversations()
    expect(conversation).toMatchObject({
      id: conversationId,
      lastMessage: { content: 'Shalom, Boaz!' },
      prayerRequestActive: false,
      unreadCount: 1,
    })
    expect([conversation!.participant1, conversation!.participant2].sort()).toEqual([a.user.id, b.user.id].sort())
    const people = [conversation!.participant1User, conversation!.participant2User]
    expect(people).toContainEqual({ id: a.user.id, firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null })
    expect(Object.keys(conversation!.participant1User).sort()).toEqual(['firstName', 'id', 'lastName', 'profileImageUrl'])
  })

  it("shows each member's main photo in the list, as their profile does", async () => {
    const { a, b } = await matchedPair()
    const { profileImageUrl } = await a.api.profile.addPhoto({ image: await jpegWithGps() })
    const [conversation] = await b.api.messaging.conversations()
    const people = [conversation!.participant1User, conversation!.participant2User]
    expect(people.find((person) => person.id === a.user.id)?.profileImageUrl).toBe(profileImageUrl)
    expect(people.find((person) => person.id === b.user.id)?.profileImageUrl).toBeNull()
  })

  it('tracks delivery and reading for real, and shows read receipts only on paid plans', async () => {
    const { a, b, conversationId } = await matchedPair()
    await a.api.messaging.post({ conversationId, content: 'How was the Sabbath service?' })
    expect(await b.api.messaging.unreadCount()).toBe(1)

    const { messages } = await b.api.messaging.messages({ conversationId })
    expect(messages.at(-1)).toMatchObject({ content: 'How was the Sabbath service?', isDelivered: true, isRead: false })
    await b.api.messaging.markRead({ conversationId })
    expect(await b.api.messaging.unreadCount()).toBe(0)

    const free = await a.api.messaging.messages({ conversationId })
    expect(free.messages.at(-1)).toMatchObject({ isDelivered: true, isRead: false })
    const premium = await (await onPlan(h, a, 'premium')).messaging.messages({ conversationId })
    expect(premium.messages.at(-1)).toMatchObject({ isDelivered: true, isRead: true })
  })

  it('pages a thread backwards from the newest message', async () => {
    const { a: free, conversationId } = await matchedPair()
    const a = { api: await onPlan(h, free, 'premium') }
    for (let i = 1; i <= 5; i++) await a.api.messaging.post({ conversationId, content: `Message ${i}` })
    const newest = await a.api.messaging.messages({ conversationId, limit: 2 })
    expect(newest.messages.map((m) => m.content)).toEqual(['Message 4', 'Message 5'])
    const older = await a.api.messaging.messages({ conversationId, limit: 2, cursor: newest.nextCursor })
    expect(older.messages.map((m) => m.content)).toEqual(['Message 2', 'Message 3'])
    const oldest = await a.api.messaging.messages({ conversationId, limit: 2, cursor: older.nextCursor })
    expect(oldest.messages.map((m) => m.content)).toEqual(['Message 1'])
    expect(oldest.nextCursor).toBeNull()
  })

  it('keeps a prayer request active until the other member answers', async () => {
    const { a, b, conversationId } = await matchedPair()
    const active = async () => (await h.db.select().from(conversations).where(eq(conversations.id, conversationId)))[0]!.prayerRequestActive
    await a.api.messaging.post({ conversationId, content: 'Please pray for my mother’s surgery.', messageType: 'prayer_request' })
    expect(await active()).toBe(true)
    await a.api.messaging.post({ conversationId, content: 'It is on Tuesday.' })
    expect(await active()).toBe(true)
    await b.api.messaging.post({ conversationId, content: 'Praying for her and for you.' })
    expect(await active()).toBe(false)
  })

  it('stores a message once for one clientMessageId, however often it is sent', async () => {
    const { a, b, conversationId } = await matchedPair()
    const clientMessageId = 'c0ffee-0001-retry'
    const first = await a.api.messaging.post({ conversationId, content: 'Once only', clientMessageId })
    const again = await a.api.messaging.send({ receiverId: b.user.id, content: 'Once only', clientMessageId })
    expect(again.id).toBe(first.id)
    const { messages } = await b.api.messaging.messages({ conversationId })
    expect(messages.filter((m) => m.content === 'Once only')).toHaveLength(1)
  })

  it("stores the spec client's double send once: HTTP then socket, socket then HTTP, and both at once", async () => {
    const { a, b, conversationId } = await matchedPair()
    const premium = await onPlan(h, a, 'premium')
    const overHttp = await premium.messaging.send({ receiverId: b.user.id, content: 'Grace and peace' })
    const overSocket = await premium.messaging.post({ conversationId, content: 'Grace and peace' })
    expect(overSocket.id).toBe(overHttp.id)

    const socketFirst = await premium.messaging.post({ conversationId, content: 'See you Sabbath', messageType: 'text' })
    const httpSecond = await premium.messaging.send({
      receiverId: b.user.id,
      content: 'See you Sabbath',
      clientMessageId: 'http-after-socket-1',
    })
    expect(httpSecond.id).toBe(socketFirst.id)

    const together = await Promise.all([
      premium.messaging.send({ receiverId: b.user.id, content: 'Amen' }),
      premium.messaging.post({ conversationId, content: 'Amen' }),
    ])
    expect(together[1].id).toBe(together[0].id)

    const { messages } = await b.api.messaging.messages({ conversationId })
    expect(messages.map((m) => m.content)).toEqual(['Grace and peace', 'See you Sabbath', 'Amen'])
  })

  it('stores the same words again as a new message once the double-send window has passed, or as another type', async () => {
    const { a, b, conversationId } = await matchedPair()
    const premium = await onPlan(h, a, 'premium')
    const first = await premium.messaging.post({ conversationId, content: 'Amen' })
    await h.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - DOUBLE_SEND_WINDOW_MS - 1000) })
      .where(eq(messages.id, first.id))
    const later = await premium.messaging.post({ conversationId, content: 'Amen' })
    const asPrayer = await premium.messaging.post({ conversationId, content: 'Amen', messageType: 'prayer_request' })
    expect(new Set([first.id, later.id, asPrayer.id]).size).toBe(3)
    const withOwnIds = await Promise.all(
      ['own-id-0001', 'own-id-0002'].map((clientMessageId) =>
        premium.messaging.post({ conversationId, content: 'Hallelujah', clientMessageId }),
      ),
    )
    expect(withOwnIds[0]!.id).not.toBe(withOwnIds[1]!.id)
    expect((await b.api.messaging.messages({ conversationId })).messages).toHaveLength(5)
  })

  it("limits every plan to a person's pace, with Retry-After", async () => {
    const busy = await contractHarness({ ...MANY_MEMBERS, MESSAGES_PER_MINUTE: '5' })
    try {
      const a = await completeMember(busy, { gender: 'woman' })
      const b = await completeMember(busy, { gender: 'man' })
      await a.api.likes.create({ receiverId: b.user.id })
      const { conversationId } = await b.api.likes.create({ receiverId: a.user.id })
      await busy.db.update(users).set({ plan: 'premium' }).where(eq(users.id, a.user.id))
      const session = await validateSession(busy.db, a.token, { idleDays: 14, absoluteDays: 60 })
      const premium = busy.caller({ user: session!.user, sessionToken: a.token })
      for (let i = 0; i < 5; i++) await premium.api.messaging.post({ conversationId: conversationId!, content: `Message ${i}` })
      const refused = await refusal(premium.api.messaging.post({ conversationId: conversationId!, content: 'One too many' }))
      expect(refused.code).toBe('TOO_MANY_REQUESTS')
      expect(publicErrorMessage(refused)).toBe(SENDING_TOO_FAST)
      expect(premium.headers.find(([name]) => name === 'Retry-After')?.[1]).toMatch(/^\d+$/)
    } finally {
      busy.close()
    }
  })

  it('refuses blank, over-long and mistyped messages with a readable message', async () => {
    const { a, conversationId } = await matchedPair()
    expect(publicErrorMessage(await refusal(a.api.messaging.post({ conversationId, content: '   ' })))).toBe('Please write a message')
    expect(publicErrorMessage(await refusal(a.api.messaging.post({ conversationId, content: 'x'.repeat(2001) })))).toBe(
      'Please keep your message under 2000 characters',
    )
    expect((await refusal(a.api.messaging.post({ conversationId, content: 'Hi', messageType: 'shout' as never }))).code).toBe('BAD_REQUEST')
  })
})

describe('who may read and write', () => {
  it('answers a visitor with UNAUTHORIZED', async () => {
    const visitor = h.caller().api
    expect((await refusal(visitor.messaging.conversations())).code).toBe('UNAUTHORIZED')
    expect((await refusal(visitor.messaging.unreadCount())).code).toBe('UNAUTHORIZED')
  })

  it("treats another pair's conversation as missing: list, read, post, mark read and subscribe", async () => {
    const { conversationId } = await matchedPair()
    const stranger = await completeMember(h, { gender: 'woman', firstName: 'Orpah' })
    expect(await stranger.api.messaging.conversations()).toEqual([])
    expect((await refusal(stranger.api.messaging.messages({ conversationId }))).code).toBe('NOT_FOUND')
    expect((await refusal(stranger.api.messaging.post({ conversationId, content: 'Hello?' }))).code).toBe('NOT_FOUND')
    expect((await refusal(stranger.api.messaging.markRead({ conversationId }))).code).toBe('NOT_FOUND')
    expect((await refusal(stranger.api.messaging.typing({ conversationId, isTyping: true }))).code).toBe('NOT_FOUND')
    expect((await refusal(stranger.api.messaging.events({ conversationId }))).code).toBe('NOT_FOUND')
  })

  it('refuses messaging a member you have not matched with', async () => {
    const a = await completeMember(h, { gender: 'woman' })
    const b = await completeMember(h, { gender: 'man' })
    await a.api.likes.create({ receiverId: b.user.id })
    const error = await refusal(a.api.messaging.send({ receiverId: b.user.id, content: 'Hello' }))
    expect(error.code).toBe('FORBIDDEN')
    expect(error.message).toBe('You can message a member once you have matched with each other.')
  })

  it('closes the conversation both ways when one member blocks the other', async () => {
    const { a, b, conversationId } = await matchedPair()
    await b.api.safety.block({ userId: a.user.id })
    expect((await refusal(a.api.messaging.send({ receiverId: b.user.id, content: 'Why?' }))).code).toBe('FORBIDDEN')
    expect((await refusal(a.api.messaging.post({ conversationId, content: 'Why?' }))).code).toBe('NOT_FOUND')
    expect(await a.api.messaging.conversations()).toEqual([])
    expect(await b.api.messaging.conversations()).toEqual([])
  })
})

describe('the free tier', () => {
  it('sends three messages a day, then answers 429 with a word about Premium', async () => {
    const { a, conversationId } = await matchedPair()
    for (let i = 0; i < 3; i++) await a.api.messaging.post({ conversationId, content: `Hello ${i}` })
    const error = await refusal(a.api.messaging.post({ conversationId, content: 'One more' }))
    expect(error.code).toBe('TOO_MANY_REQUESTS')
    expect(error.message).toBe(DAILY_MESSAGES_REACHED)
    expect(error.message).toContain('Premium')
    expect(a.headers.some(([name]) => name === 'Retry-After')).toBe(true)
  })

  it('queues an email digest for the receiver of a stored message only, one per conversation', async () => {
    const { a, b, conversationId } = await matchedPair()
    const c = await completeMember(h, { gender: 'man', firstName: 'Caleb' })
    await a.api.likes.create({ receiverId: c.user.id })
    await c.api.likes.create({ receiverId: a.user.id })
    const digestsFor = async (userId: string) =>
      (
        await h.db
          .select({ payload: jobs.payload })
          .from(jobs)
          .where(
            and(eq(jobs.kind, 'message-digest'), eq(jobs.status, 'pending'), sql`json_extract(${jobs.payload}, '$.userId') = ${userId}`),
          )
      ).map((job) => JSON.parse(job.payload))
    for (let i = 0; i < 3; i++) await a.api.messaging.post({ conversationId, content: `Hello ${i}` })
    expect(await digestsFor(b.user.id)).toEqual([{ userId: b.user.id, conversationId }])
    // The day's count is spent, so this one is refused, and Caleb is told of nothing.
    expect((await refusal(a.api.messaging.send({ receiverId: c.user.id, content: 'Hello Caleb' }))).code).toBe('TOO_MANY_REQUESTS')
    expect(await digestsFor(c.user.id)).toEqual([])
  })

  it('lets exactly one of ten parallel sends through when one message is left', async () => {
    const { a, conversationId } = await matchedPair()
    await a.api.messaging.post({ conversationId, content: 'First' })
    await a.api.messaging.post({ conversationId, content: 'Second' })
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => a.api.messaging.post({ conversationId, content: `Race ${i}` })),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const { messages } = await a.api.messaging.messages({ conversationId })
    expect(messages.filter((m) => m.content.startsWith('Race'))).toHaveLength(1)
  })

  it('has no daily limit on Premium', async () => {
    const { a: free, conversationId } = await matchedPair()
    const a = { api: await onPlan(h, free, 'premium') }
    for (let i = 0; i < 6; i++) await a.api.messaging.post({ conversationId, content: `Unlimited ${i}` })
    expect((await a.api.messaging.messages({ conversationId })).messages).toHaveLength(6)
  })
})

describe('the live feed', () => {
  it('delivers a new message to the other member, typing and reading as they happen', async () => {
    const { a, b, conversationId } = await matchedPair()
    const feed = (await b.api.messaging.events({ conversationId }))[Symbol.asyncIterator]()
    const next = async () => {
      const { value } = await feed.next()
      // A caller sees tracked events as their raw envelope: [id, data, symbol].
      return (Array.isArray(value) ? value[1] : value) as { type: string; [key: string]: unknown }
    }
    const first = next()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await a.api.messaging.typing({ conversationId, isTyping: true })
    expect(await first).toEqual({ type: 'typing', conversationId, userId: a.user.id, isTyping: true })

    const second = next()
    await a.api.messaging.post({ conversationId, content: 'Live!' })
    expect(await second).toMatchObject({ type: 'message', conversationId, message: { content: 'Live!', senderId: a.user.id } })

    const third = next()
    await b.api.messaging.markRead({ conversationId })
    expect(await third).toEqual({ type: 'read', conversationId, readerId: b.user.id })
    await feed.return?.()
  })

  it("marks messages delivered once they reach the receiver's open feed, and not while it is closed", async () => {
    const { a: free, b, conversationId } = await matchedPair()
    const a = { api: await onPlan(h, free, 'premium') }
    const feed = (await b.api.messaging.events({ conversationId }))[Symbol.asyncIterator]()
    const pushed = [feed.next(), feed.next()]
    await new Promise((resolve) => setTimeout(resolve, 20))
    await Promise.all([a.api.messaging.post({ conversationId, content: 'One' }), a.api.messaging.post({ conversationId, content: 'Two' })])
    await Promise.all(pushed)
    await feed.return?.()
    await a.api.messaging.post({ conversationId, content: 'While away' })
    const deliveredOf = async () =>
      Object.fromEntries((await a.api.messaging.messages({ conversationId })).messages.map((m) => [m.content, m.isDelivered]))
    await expect.poll(deliveredOf).toEqual({ One: true, Two: true, 'While away': false })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await deliveredOf()).toEqual({ One: true, Two: true, 'While away': false })
  })

  it('keeps messages sent in the same millisecond in the order they were sent, in the thread and in a catch-up', async () => {
    const { a, b, conversationId } = await matchedPair()
    const sameInstant = new Date()
    const sender = { id: a.user.id, plan: 'premium' as const }
    const words = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth']
    const sent = []
    for (const content of words)
      sent.push(await sendMessage(h.db, h.realtime.bus, sender, { conversationId, content, messageType: 'text' }, sameInstant))
    const thread = await b.api.messaging.messages({ conversationId })
    expect(thread.messages.map((message) => message.content)).toEqual(words)
    const first = sent[0]!
    const feed = (await b.api.messaging.events({ conversationId, lastEventId: `${first.createdAt.getTime()}_${first.id}` }))[
      Symbol.asyncIterator
    ]()
    const caughtUp: string[] = []
    for (let i = 1; i < words.length; i++)
      caughtUp.push(((await feed.next()).value as unknown as [string, { message: { content: string } }])[1].message.content)
    expect(caughtUp).toEqual(words.slice(1))
    await feed.return?.()
  })

  it('catches a reconnecting member up from the last event they saw', async () => {
    const { a: free, b, conversationId } = await matchedPair()
    const a = { api: await onPlan(h, free, 'premium') }
    const before = await a.api.messaging.post({ conversationId, content: 'Seen already' })
    await a.api.messaging.post({ conversationId, content: 'Missed one' })
    await a.api.messaging.post({ conversationId, content: 'Missed two' })
    const lastEventId = `${before.createdAt.getTime()}_${before.id}`
    const feed = (await b.api.messaging.events({ conversationId, lastEventId }))[Symbol.asyncIterator]()
    const caughtUp = [(await feed.next()).value, (await feed.next()).value] as unknown as [string, { message: { content: string } }][]
    expect(caughtUp.map(([, data]) => data.message.content)).toEqual(['Missed one', 'Missed two'])
    await feed.return?.()
  })
})
