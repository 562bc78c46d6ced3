import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { notifications, users } from '#db/schema/index.ts'
import type { BusEvent } from '#server/realtime/bus.ts'
import { notify } from '#server/services/notifications.ts'
import { achievementCatalog } from '#shared/content/achievements.ts'
import type { SendInterestInput } from '#shared/schemas/interests.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, refusal } from '#tests/support/members.ts'

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

const coffee = (receiver: Member): SendInterestInput => ({
  receiverId: receiver.user.id,
  interestType: 'coffee_date',
  message: 'Coffee after church?',
  suggestedActivity: 'Coffee at the Frothy Monkey',
  timePreference: 'weekend_afternoon',
})

/** The member's notifications of one type (achievements come along with most actions). */
async function notesOf(member: Member, type?: string) {
  const { notifications: list } = await member.api.notifications.list()
  return type ? list.filter((note) => note.type === type) : list.filter((note) => note.type !== 'achievement_earned')
}

async function setPlan(member: Member, plan: 'free' | 'premium') {
  await h.db.update(users).set({ plan }).where(eq(users.id, member.user.id))
  const { id, email, firstName, lastName } = member.user
  member.api = h.caller({ user: { id, email, firstName, lastName, plan, status: 'active' }, sessionToken: member.token }).api
}

/** Bus events as they are published, for the member named. */
function busFor(userId: string) {
  const seen: BusEvent[] = []
  const stop = h.realtime.bus.listen((event) => {
    if (event.recipients.includes(userId)) seen.push(event)
  })
  return { seen, stop }
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on every notification procedure and on Likes You', async () => {
    const { api } = h.caller()
    for (const call of [
      api.notifications.list(),
      api.notifications.unreadCount(),
      api.notifications.markRead(),
      api.likes.received(),
      api.likes.pass({ userId: 'someone' }),
    ]) {
      expect((await refusal(call)).code).toBe('UNAUTHORIZED')
    }
  })
})

describe('each notification type', () => {
  it('a like received, told once, published after the write', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    await setPlan(boaz, 'premium')
    await boaz.api.notifications.markRead()
    const bus = busFor(boaz.user.id)
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    const [note] = await notesOf(boaz)
    expect(await notesOf(boaz)).toEqual([
      {
        id: expect.any(String),
        type: 'like_received',
        createdAt: expect.any(Date),
        readAt: null,
        actor: { id: ruth.user.id, firstName: 'Ruth', photoUrl: null },
      },
    ])
    expect(bus.seen).toEqual([{ type: 'notification', recipients: [boaz.user.id], notification: note }])
    bus.stop()
    expect(await boaz.api.notifications.unreadCount()).toEqual({ count: 1 })
  })

  it('on the free plan, a like and a Thoughtful Interest arrive without their sender or the sender’s words', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const orpah = await completeMember(h, { gender: 'woman', firstName: 'Orpah' })
    const boaz = await completeMember(h, { gender: 'man' })
    const bus = busFor(boaz.user.id)
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    const sent = await orpah.api.interests.create(coffee(boaz))
    bus.stop()
    const notes = await notesOf(boaz)
    expect(notes.map((note) => [note.type, note.actor])).toEqual([
      ['interest_received', null],
      ['like_received', null],
    ])
    expect(notes[0]).toMatchObject({
      interest: { id: sent.id, interestType: 'coffee_date', message: '', suggestedActivity: null, timePreference: null },
    })
    expect(JSON.stringify(bus.seen)).not.toMatch(/Ruth|Orpah|Coffee after church/)

    await setPlan(boaz, 'premium')
    expect((await notesOf(boaz)).map((note) => note.actor?.firstName)).toEqual(['Orpah', 'Ruth'])
  })

  it('a Thoughtful Interest, with its type, message, activity and time', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man' })
    await setPlan(boaz, 'premium')
    const sent = await ruth.api.interests.create(coffee(boaz))
    expect(await notesOf(boaz)).toEqual([
      expect.objectContaining({
        type: 'interest_received',
        actor: { id: ruth.user.id, firstName: 'Ruth', photoUrl: null },
        interest: {
          id: sent.id,
          interestType: 'coffee_date',
          message: 'Coffee after church?',
          suggestedActivity: 'Coffee at the Frothy Monkey',
          timePreference: 'weekend_afternoon',
          about: null,
        },
      }),
    ])
  })

  it('a match for both members, and the match moment on the bus showing each the other', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    const bus = busFor(ruth.user.id)
    const mutual = await boaz.api.likes.create({ receiverId: ruth.user.id })
    bus.stop()
    const expected = { type: 'match', matchId: mutual.matchId, conversationId: mutual.conversationId }
    expect(await notesOf(ruth, 'match')).toEqual([
      expect.objectContaining({ ...expected, actor: expect.objectContaining({ id: boaz.user.id }) }),
    ])
    expect(await notesOf(boaz, 'match')).toEqual([
      expect.objectContaining({ ...expected, actor: expect.objectContaining({ id: ruth.user.id }) }),
    ])
    // No "like received" for the like that made the match.
    expect((await notesOf(ruth)).map((note) => note.type)).toEqual(['match'])
    expect(bus.seen.find((event) => event.type === 'match')).toEqual({
      ...expected,
      recipients: [boaz.user.id, ruth.user.id],
      members: [
        { id: boaz.user.id, firstName: 'Boaz', photoUrl: null },
        { id: ruth.user.id, firstName: 'Ruth', photoUrl: null },
      ],
    })
  })

  it("an RSVP to the member's own event, not their own RSVP nor the same choice twice", async () => {
    const organizer = await completeMember(h, { gender: 'woman', firstName: 'Deborah' })
    const guest = await completeMember(h, { gender: 'man', firstName: 'Barak' })
    const startsAt = new Date(Date.now() + 5 * 86_400_000)
    const local = (date: Date) => date.toISOString().slice(0, 16)
    const { event } = await organizer.api.events.create({
      title: 'Psalms Study Night',
      description: 'Reading Psalm 23 together.',
      eventType: 'study',
      churchName: 'Grace Chapel',
      location: '12 Elm Street',
      city: 'Nashville',
      state: 'TN',
      startDateTime: local(startsAt),
      endDateTime: local(new Date(startsAt.getTime() + 7_200_000)),
      timeZone: 'UTC',
      maxAttendees: 10,
    })
    await guest.api.events.rsvp({ eventId: event.id, status: 'interested' })
    await guest.api.events.rsvp({ eventId: event.id, status: 'interested' })
    await guest.api.events.rsvp({ eventId: event.id, status: 'attending' })
    const rsvps = await notesOf(organizer, 'event_rsvp')
    expect(rsvps.map((note) => note.type === 'event_rsvp' && note.rsvpStatus)).toEqual(['attending', 'interested'])
    expect(rsvps[0]).toMatchObject({
      event: { id: event.id, title: 'Psalms Study Night' },
      actor: { id: guest.user.id, firstName: 'Barak' },
    })
    expect(await notesOf(guest, 'event_rsvp')).toEqual([])
  })

  it('a verification decision, approve or reject', async () => {
    const moderator = await completeMember(h, { gender: 'woman', firstName: 'Miriam' })
    await h.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.user.id))
    const member = await completeMember(h, { gender: 'man' })
    const fields = { churchName: 'Grace Chapel', pastorName: 'Pastor James', pastorEmail: 'pastor@grace.org', membershipYears: 5 }
    await member.api.verification.submitFaith({ ...fields, document: PDF })
    const [pending] = await moderator.api.verification.reviewQueue()
    await moderator.api.verification.review({ verificationId: pending!.id, decision: 'reject', reason: 'The document is unreadable.' })
    expect(await notesOf(member, 'verification_decision')).toEqual([
      expect.objectContaining({ actor: null, verification: { type: 'faith', status: 'rejected' } }),
    ])
    await member.api.verification.submitFaith({ ...fields, document: PDF })
    await moderator.api.verification.review({ verificationId: pending!.id, decision: 'approve' })
    // Each keeps the decision it told, newest first: the rejection is not rewritten by the approval that followed.
    expect(
      (await notesOf(member, 'verification_decision')).map((note) => note.type === 'verification_decision' && note.verification),
    ).toEqual([
      { type: 'faith', status: 'verified' },
      { type: 'faith', status: 'rejected' },
    ])
  })

  it('an achievement earned', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    expect(await notesOf(ruth, 'achievement_earned')).toContainEqual(
      expect.objectContaining({ actor: null, achievement: { id: expect.any(String), name: 'First Spark' } }),
    )
  })

  it('one from nobody is published as the list shows it, without being read back', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const bus = busFor(ruth.user.id)
    const earned = { userId: ruth.user.id, type: 'achievement_earned' as const, payload: { achievementId: achievementCatalog[0]!.id } }
    const warned = { userId: ruth.user.id, type: 'moderation_warning' as const, payload: { reason: 'Unkind words to a member.' } }
    for (const notification of [earned, warned]) {
      const statements = await h.statementsOf(() => notify(h.db, h.realtime.bus, notification))
      expect(statements.filter((statement) => /^\s*select/i.test(statement.sql))).toEqual([])
    }
    bus.stop()
    const published = bus.seen.flatMap((event) => (event.type === 'notification' ? [event.notification] : []))
    expect(published).toHaveLength(2)
    const { notifications: listed } = await ruth.api.notifications.list()
    expect(published).toEqual(published.map((note) => listed.find((stored) => stored.id === note.id)))
    expect(published[1]).toMatchObject({ type: 'moderation_warning', actor: null, reason: 'Unkind words to a member.' })
  })

  it("a report's outcome, to the member who filed it, once", async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const jesse = await completeMember(h, { gender: 'man' })
    const miriam = await completeMember(h, { gender: 'woman', firstName: 'Miriam' })
    await h.db.update(users).set({ role: 'moderator' }).where(eq(users.id, miriam.user.id))
    const { reportId } = await ruth.api.safety.report({ userId: jesse.user.id, reason: 'harassment', details: 'Unkind words.' })
    await miriam.api.moderation.decide({ reportId, action: 'warn', reason: 'Unkind words to a member.' })
    await refusal(miriam.api.moderation.decide({ reportId, action: 'dismiss', reason: 'A second look.' }))
    expect(await notesOf(ruth, 'report_outcome')).toEqual([expect.objectContaining({ actor: null, report: { status: 'acted_on' } })])
    expect(await notesOf(jesse, 'report_outcome')).toEqual([])
  })
})

describe('access', () => {
  it("never shows or counts another member's notifications, and markRead of their ids changes nothing", async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const orpah = await completeMember(h, { gender: 'woman' })
    await ruth.api.interests.create(coffee(boaz))
    const boazIds = (await boaz.api.notifications.list()).notifications.map((note) => note.id)
    const before = await boaz.api.notifications.unreadCount()
    expect(await orpah.api.notifications.markRead({ ids: boazIds })).toEqual({ marked: 0 })
    expect(await boaz.api.notifications.unreadCount()).toEqual(before)
    expect((await orpah.api.notifications.list()).notifications.map((note) => note.id)).not.toEqual(expect.arrayContaining(boazIds))
    expect(await notesOf(orpah)).toEqual([])
  })

  it('hides and stops counting notifications from blocked (either way) and paused members; a blocked member notifies nothing', async () => {
    const boaz = await completeMember(h, { gender: 'man' })
    const [ruth, orpah, naomi] = [
      await completeMember(h, { gender: 'woman', firstName: 'Ruth' }),
      await completeMember(h, { gender: 'woman', firstName: 'Orpah' }),
      await completeMember(h, { gender: 'woman', firstName: 'Naomi' }),
    ]
    await setPlan(boaz, 'premium')
    for (const woman of [ruth, orpah, naomi]) await woman.api.likes.create({ receiverId: boaz.user.id })
    await boaz.api.notifications.markRead({ ids: (await notesOf(boaz, 'achievement_earned')).map((note) => note.id) })
    expect(await boaz.api.notifications.unreadCount()).toEqual({ count: 3 })
    await boaz.api.safety.block({ userId: ruth.user.id })
    await orpah.api.safety.block({ userId: boaz.user.id })
    await naomi.api.account.pause()
    expect(await notesOf(boaz)).toEqual([])
    expect(await boaz.api.notifications.unreadCount()).toEqual({ count: 0 })
    await naomi.api.account.resume()
    expect((await notesOf(boaz)).map((note) => note.actor?.firstName)).toEqual(['Naomi'])

    const stored = await notify(h.db, h.realtime.bus, { userId: boaz.user.id, actorId: ruth.user.id, type: 'like_received', payload: {} })
    expect(stored).toBeNull()
    // Her like went with the block, and what it told him with it: an unblock brings nothing back.
    expect(await h.db.select().from(notifications).where(eq(notifications.actorId, ruth.user.id))).toEqual([])
  })
})

describe('paging and reading', () => {
  it('pages newest first, 20 at a time, and marks read the ids given or all', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const at = Date.now()
    for (let i = 0; i < 45; i++) {
      await notify(
        h.db,
        h.realtime.bus,
        { userId: ruth.user.id, type: 'achievement_earned', payload: { achievementId: achievementCatalog[0]!.id } },
        new Date(at + (i % 5) * 1000),
      )
    }
    const own = (await ruth.api.notifications.list()).notifications
    expect(own).toHaveLength(20)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: Awaited<ReturnType<typeof ruth.api.notifications.list>> = await ruth.api.notifications.list({ cursor })
      seen.push(...page.notifications.map((note) => note.id))
      const times = page.notifications.map((note) => note.createdAt.getTime())
      expect(times).toEqual([...times].sort((a, b) => b - a))
      cursor = page.nextCursor
    } while (cursor)
    expect(new Set(seen).size).toBe(seen.length)
    const total = (await h.db.select().from(notifications).where(eq(notifications.userId, ruth.user.id))).length
    expect(seen).toHaveLength(total)

    expect(await ruth.api.notifications.markRead({ ids: seen.slice(0, 2) })).toEqual({ marked: 2 })
    expect(await ruth.api.notifications.unreadCount()).toEqual({ count: total - 2 })
    expect(await ruth.api.notifications.markRead()).toEqual({ marked: total - 2 })
    expect(await ruth.api.notifications.unreadCount()).toEqual({ count: 0 })
  })
})

describe('Likes You', () => {
  it('shows the free plan the count only, locked', async () => {
    const boaz = await completeMember(h, { gender: 'man' })
    const ruth = await completeMember(h, { gender: 'woman' })
    const orpah = await completeMember(h, { gender: 'woman' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    await orpah.api.interests.create(coffee(boaz))
    expect(await boaz.api.likes.received()).toEqual({ count: 2, locked: true, members: [] })
  })

  it('shows premium members who liked them, newest first, with the interest; blocked, paused, passed and matched members leave', async () => {
    const boaz = await completeMember(h, { gender: 'man' })
    await setPlan(boaz, 'premium')
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth', age: 28 })
    const orpah = await completeMember(h, { gender: 'woman', firstName: 'Orpah' })
    const naomi = await completeMember(h, { gender: 'woman', firstName: 'Naomi' })
    const rahab = await completeMember(h, { gender: 'woman', firstName: 'Rahab' })
    await ruth.api.likes.create({ receiverId: boaz.user.id })
    const sent = await orpah.api.interests.create(coffee(boaz))
    await naomi.api.likes.create({ receiverId: boaz.user.id })
    await rahab.api.likes.create({ receiverId: boaz.user.id })

    const received = await boaz.api.likes.received()
    expect(received.count).toBe(4)
    expect(received.locked).toBe(false)
    expect(received.members.map((m) => m.firstName).sort()).toEqual(['Naomi', 'Orpah', 'Rahab', 'Ruth'])
    const likedAt = received.members.map((m) => m.likedAt.getTime())
    expect(likedAt).toEqual([...likedAt].sort((a, b) => b - a))
    expect(received.members.find((m) => m.id === ruth.user.id)).toEqual({
      id: ruth.user.id,
      firstName: 'Ruth',
      age: 28,
      city: 'Nashville',
      state: 'TN',
      photoUrl: null,
      likedAt: expect.any(Date),
      interest: null,
    })
    expect(received.members.find((m) => m.id === orpah.user.id)?.interest).toEqual({
      id: sent.id,
      interestType: 'coffee_date',
      message: 'Coffee after church?',
      suggestedActivity: 'Coffee at the Frothy Monkey',
      timePreference: 'weekend_afternoon',
      about: null,
    })

    // Passing hides Naomi (twice is harmless) and tells her nothing.
    const naomiBefore = await naomi.api.notifications.list()
    expect(await boaz.api.likes.pass({ userId: naomi.user.id })).toEqual({ success: true })
    expect(await boaz.api.likes.pass({ userId: naomi.user.id })).toEqual({ success: true })
    expect(await naomi.api.notifications.list()).toEqual(naomiBefore)
    expect((await refusal(boaz.api.likes.pass({ userId: 'nobody' }))).code).toBe('NOT_FOUND')
    await boaz.api.safety.block({ userId: rahab.user.id })
    await ruth.api.account.pause()
    expect((await boaz.api.likes.received()).members.map((m) => m.firstName)).toEqual(['Orpah'])

    // Liking back: a match for both, the interest's message opens the conversation, and Orpah leaves Likes You.
    const mutual = await boaz.api.likes.create({ receiverId: orpah.user.id })
    expect(mutual).toMatchObject({ isMutual: true, member: { id: orpah.user.id, firstName: 'Orpah', photoUrl: null } })
    expect(await notesOf(orpah, 'match')).toHaveLength(1)
    expect(await notesOf(boaz, 'match')).toHaveLength(1)
    const thread = await boaz.api.messaging.messages({ conversationId: mutual.conversationId! })
    expect(thread.messages.map((m) => [m.senderId, m.content])).toEqual([[orpah.user.id, 'Coffee after church?']])
    expect(await boaz.api.likes.received()).toEqual({ count: 0, locked: false, members: [] })
  })
})
