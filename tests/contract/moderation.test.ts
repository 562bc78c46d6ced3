import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { moderationActions, users } from '#db/schema/index.ts'
import { validateSession } from '#server/auth/sessions.ts'
import { publicErrorMessage } from '#server/errors.ts'
import {
  BANNED,
  BANNED_EMAIL,
  liftSuspensions,
  MODERATOR_STANDING,
  OWN_REPORT,
  REPORT_ALREADY_HANDLED,
  suspendedMessage,
} from '#server/services/moderation.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, refusal } from '#tests/support/members.ts'

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

const DAY_MS = 86_400_000
const policy = { idleDays: 14, absoluteDays: 60 }

/** Ruth reports Boaz from their conversation; Deborah moderates. */
async function reportedConversation() {
  const ruth = await completeMember(h, { gender: 'woman' })
  const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
  const deborah = await h.member({ firstName: 'Deborah' })
  await h.db.update(users).set({ role: 'moderator' }).where(eq(users.id, deborah.user.id))
  await ruth.api.likes.create({ receiverId: boaz.user.id })
  const { conversationId } = await boaz.api.likes.create({ receiverId: ruth.user.id })
  await boaz.api.messaging.send({ receiverId: ruth.user.id, content: 'Hello Ruth, how was your Sabbath?' })
  await ruth.api.messaging.send({ receiverId: boaz.user.id, content: 'Lovely, thank you.' })
  const { reportId } = await ruth.api.safety.report({
    userId: boaz.user.id,
    reason: 'scam',
    details: 'He asked me for money.',
    conversationId,
  })
  return { ruth, boaz, deborah, conversationId: conversationId!, reportId }
}

async function signInAgain(member: Member) {
  return refusal(h.caller().api.auth.login({ email: member.email, password: member.password }))
}

describe('the moderator console', () => {
  it('refuses members who are not moderators, on every procedure', async () => {
    const { ruth, reportId } = await reportedConversation()
    const calls = [
      ruth.api.moderation.reports(),
      ruth.api.moderation.auditLog(),
      ruth.api.moderation.decide({ reportId, action: 'ban', reason: 'Trying my luck' }),
    ]
    for (const call of calls) expect((await refusal(call)).code).toBe('FORBIDDEN')
    expect((await refusal(h.caller().api.moderation.reports())).code).toBe('UNAUTHORIZED')
  })

  it("lists a report with the member's profile, earlier reports, and the conversation the reporter could see", async () => {
    const { ruth, boaz, deborah, conversationId } = await reportedConversation()
    const [report] = await deborah.api.moderation.reports()
    expect(report).toMatchObject({
      reason: 'scam',
      details: 'He asked me for money.',
      conversationId,
      origin: 'member',
      reporter: { id: ruth.user.id, firstName: 'Ruth' },
      reported: { id: boaz.user.id, firstName: 'Boaz', status: 'active', earlierReports: [], actions: [] },
    })
    expect(report!.conversation.map((message) => [message.content, message.fromReporter])).toEqual([
      ['Hello Ruth, how was your Sabbath?', false],
      ['Lovely, thank you.', true],
    ])
  })

  it('refuses a conversation the reporter is not part of', async () => {
    const { boaz, conversationId } = await reportedConversation()
    const stranger = await completeMember(h, { gender: 'woman', firstName: 'Orpah' })
    const error = await refusal(stranger.api.safety.report({ userId: boaz.user.id, reason: 'scam', details: '', conversationId }))
    expect(error.code).toBe('NOT_FOUND')
  })
})

describe('a decision', () => {
  it('needs a reason and a number of days for a suspension', async () => {
    const { deborah, reportId } = await reportedConversation()
    expect(publicErrorMessage(await refusal(deborah.api.moderation.decide({ reportId, action: 'warn', reason: ' ' })))).toBe(
      'Please give a reason (at least 5 characters)',
    )
    const noDays = await refusal(deborah.api.moderation.decide({ reportId, action: 'suspend', reason: 'Asked for money' } as never))
    expect(noDays.code).toBe('BAD_REQUEST')
  })

  it('dismiss: closes the report, tells the reporter it was looked into, and is logged', async () => {
    const { ruth, boaz, deborah, reportId } = await reportedConversation()
    await deborah.api.moderation.decide({ reportId, action: 'dismiss', reason: 'A misunderstanding about a fundraiser.' })
    expect(await deborah.api.moderation.reports()).toEqual([])
    const { notifications } = await ruth.api.notifications.list({})
    expect(notifications.find((n) => n.type === 'report_outcome')).toMatchObject({ report: { status: 'dismissed' } })
    const [entry] = await deborah.api.moderation.auditLog()
    expect(entry).toMatchObject({
      action: 'dismiss',
      reason: 'A misunderstanding about a fundraiser.',
      moderator: { id: deborah.user.id },
      target: { id: boaz.user.id },
      reportId,
    })
    expect((await boaz.api.auth.user()).id).toBe(boaz.user.id)
  })

  it('warn: the member sees the warning with its reason, the reporter is told, nothing else changes', async () => {
    const { ruth, boaz, deborah, reportId } = await reportedConversation()
    await deborah.api.moderation.decide({ reportId, action: 'warn', reason: 'Asking for money breaks our guidelines.' })
    const warned = await boaz.api.notifications.list({})
    expect(warned.notifications.find((n) => n.type === 'moderation_warning')).toMatchObject({
      reason: 'Asking for money breaks our guidelines.',
      actor: null,
    })
    expect((await ruth.api.notifications.list({})).notifications.find((n) => n.type === 'report_outcome')).toMatchObject({
      report: { status: 'acted_on' },
    })
    expect((await ruth.api.members.byId({ userId: boaz.user.id })).userId).toBe(boaz.user.id)
  })

  it('suspend: ends every session at once, refuses sign-in with the end date, hides the member, and ends by itself', async () => {
    const { ruth, boaz, deborah, reportId } = await reportedConversation()
    const ended: string[] = []
    const stop = h.realtime.bus.listen((event) => {
      if (event.type === 'sessions-ended') ended.push(...event.sessionIds)
    })
    const before = Date.now()
    await deborah.api.moderation.decide({ reportId, action: 'suspend', days: 7, reason: 'Asked a member for money.' })
    stop()
    expect(ended).toHaveLength(1)
    expect(await validateSession(h.db, boaz.token, policy)).toBeNull()

    const [row] = await h.db.select({ status: users.status, until: users.suspendedUntil }).from(users).where(eq(users.id, boaz.user.id))
    expect(row!.status).toBe('suspended')
    expect(row!.until!.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY_MS)
    const refused = await signInAgain(boaz)
    expect(refused.code).toBe('FORBIDDEN')
    expect(publicErrorMessage(refused)).toBe(suspendedMessage(row!.until!))
    expect(publicErrorMessage(refused)).toMatch(/^Your account is suspended until \w+ \d{1,2}, \d{4}/)

    expect((await ruth.api.members.discover({})).profiles).toEqual([])
    expect((await refusal(ruth.api.members.byId({ userId: boaz.user.id }))).code).toBe('NOT_FOUND')

    // A week later the sweep lifts it and he signs in again.
    expect(await liftSuspensions(h.db, new Date(row!.until!.getTime() + 1))).toBe(1)
    expect((await h.caller().api.auth.login({ email: boaz.email, password: boaz.password })).id).toBe(boaz.user.id)
  })

  it("suspend: holds back the member's messages the other member has not received, and keeps the ones they had", async () => {
    const { ruth, boaz, deborah, reportId, conversationId } = await reportedConversation()
    await ruth.api.messaging.messages({ conversationId })
    await boaz.api.messaging.send({ receiverId: ruth.user.id, content: 'Please send $500 by Western Union today.', confirmed: true })
    await deborah.api.moderation.decide({ reportId, action: 'suspend', days: 3, reason: 'Asked a member for money.' })
    const { messages } = await ruth.api.messaging.messages({ conversationId })
    expect(messages.map((message) => message.content)).toEqual(['Hello Ruth, how was your Sabbath?', 'Lovely, thank you.'])
    // Only his greeting, which reached her before the suspension, still counts as unread.
    expect(await ruth.api.messaging.unreadCount()).toBe(1)
  })

  it('ban: signs the member out for good, refuses sign-in, and keeps the address from registering again', async () => {
    const { boaz, deborah, reportId } = await reportedConversation()
    await deborah.api.moderation.decide({ reportId, action: 'ban', reason: 'Romance scam, confirmed by two members.' })
    expect(await validateSession(h.db, boaz.token, policy)).toBeNull()
    expect(publicErrorMessage(await signInAgain(boaz))).toBe(BANNED)
    await h.db.delete(users).where(eq(users.id, boaz.user.id))
    const again = await refusal(
      h.caller().api.auth.register({ email: boaz.email.toUpperCase(), password: 'another password', firstName: 'B', lastName: 'Z' }),
    )
    expect(again.code).toBe('FORBIDDEN')
    expect(publicErrorMessage(again)).toBe(BANNED_EMAIL)
  })

  it('is made once: a second decision on the same report, even at the same instant, is refused', async () => {
    const { deborah, reportId } = await reportedConversation()
    const results = await Promise.allSettled([
      deborah.api.moderation.decide({ reportId, action: 'warn', reason: 'First moderator warns.' }),
      deborah.api.moderation.decide({ reportId, action: 'ban', reason: 'Second moderator bans.' }),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect(publicErrorMessage(rejected.reason)).toBe(REPORT_ALREADY_HANDLED)
    expect(await h.db.select().from(moderationActions)).toHaveLength(1)
  })

  it('never shortens what stands: a ban outlives a later suspension, and a longer suspension keeps its end', async () => {
    const { ruth, boaz, deborah, reportId, conversationId } = await reportedConversation()
    await deborah.api.moderation.decide({ reportId, action: 'ban', reason: 'Romance scam, confirmed by two members.' })
    const again = await ruth.api.safety.report({ userId: boaz.user.id, reason: 'scam', details: 'Still in my list.', conversationId })
    await deborah.api.moderation.decide({ reportId: again.reportId, action: 'suspend', days: 1, reason: 'Another report.' })
    await liftSuspensions(h.db, new Date(Date.now() + 2 * DAY_MS))
    expect(publicErrorMessage(await signInAgain(boaz))).toBe(BANNED)

    const other = await reportedConversation()
    await other.deborah.api.moderation.decide({ reportId: other.reportId, action: 'suspend', days: 30, reason: 'Asked for money.' })
    const later = await other.ruth.api.safety.report({ userId: other.boaz.user.id, reason: 'harassment', details: 'Again.' })
    await other.deborah.api.moderation.decide({ reportId: later.reportId, action: 'suspend', days: 3, reason: 'Rude.' })
    const [standing] = await h.db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, other.boaz.user.id))
    expect(standing!.until!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS)
  })

  it('is not lifted by a pause or a resume that arrives just after it', async () => {
    const { boaz, deborah, reportId } = await reportedConversation()
    await deborah.api.moderation.decide({ reportId, action: 'ban', reason: 'Romance scam, confirmed by two members.' })
    // Boaz's request passed its session check a moment before the ban.
    expect((await refusal(boaz.api.account.resume())).code).toBe('FORBIDDEN')
    expect((await refusal(boaz.api.account.pause())).code).toBe('FORBIDDEN')
    expect(publicErrorMessage(await signInAgain(boaz))).toBe(BANNED)
  })

  it("leaves a report about a moderator to another moderator, and a moderator's standing to an operator", async () => {
    const { ruth, deborah } = await reportedConversation()
    const { reportId } = await ruth.api.safety.report({ userId: deborah.user.id, reason: 'harassment', details: 'Rude in a message.' })
    expect((await deborah.api.moderation.reports()).map((report) => report.id)).not.toContain(reportId)
    const own = await refusal(deborah.api.moderation.decide({ reportId, action: 'dismiss', reason: 'Nothing to see.' }))
    expect(own.code).toBe('FORBIDDEN')
    expect(publicErrorMessage(own)).toBe(OWN_REPORT)

    const miriam = await h.member({ firstName: 'Miriam' })
    await h.db.update(users).set({ role: 'moderator' }).where(eq(users.id, miriam.user.id))
    expect((await miriam.api.moderation.reports()).map((report) => report.id)).toContain(reportId)
    const ban = await refusal(miriam.api.moderation.decide({ reportId, action: 'ban', reason: 'Out of the console.' }))
    expect(publicErrorMessage(ban)).toBe(MODERATOR_STANDING)
    expect(await validateSession(h.db, deborah.token, policy)).not.toBeNull()
    await miriam.api.moderation.decide({ reportId, action: 'warn', reason: 'Please keep messages kind.' })
  })

  it('keeps the audit log append-only', async () => {
    const { deborah, reportId } = await reportedConversation()
    await deborah.api.moderation.decide({ reportId, action: 'dismiss', reason: 'Nothing against the guidelines.' })
    await expect(h.db.update(moderationActions).set({ reason: 'rewritten' })).rejects.toThrow()
    expect((await deborah.api.moderation.auditLog())[0]!.reason).toBe('Nothing against the guidelines.')
  })
})

describe('a suspended or banned member, on every list that shows members', () => {
  /** What Esther, who has never met Boaz, and Ruth, his match, can see of him. */
  async function whatOthersSee(boazId: string, ruth: Member, esther: Member) {
    const discover = await esther.api.members.discover({})
    const quantum = await esther.api.matches.quantum({ limit: 20 })
    const events = await esther.api.events.list({})
    return {
      events: events.some((event) => event.title === 'Psalms by the River'),
      discover: discover.profiles.some((profile) => profile.userId === boazId),
      quantum: quantum.matches.some((match) => match.user.id === boazId),
      likesYou: (await esther.api.likes.received()).count,
      leaderboard: (await esther.api.achievements.leaderboard()).some((entry) => entry.userId === boazId),
      matches: (await ruth.api.matches.list()).some((match) => match.user.id === boazId),
    }
  }
  const inFiveDays = (hours: number) => new Date(Date.now() + 5 * DAY_MS + hours * 3_600_000).toISOString().slice(0, 16)
  const everywhere = { events: true, discover: true, quantum: true, likesYou: 1, leaderboard: true, matches: true }
  const nowhere = { events: false, discover: false, quantum: false, likesYou: 0, leaderboard: false, matches: false }

  it.each([
    ['suspend', { action: 'suspend', days: 2, reason: 'Asked a member for money.' }],
    ['ban', { action: 'ban', reason: 'Romance scam, confirmed by two members.' }],
  ] as const)('%s: hidden from Discover, quantum matches, Likes You, the leaderboard, matches and events', async (action, decision) => {
    const { ruth, boaz, deborah, reportId } = await reportedConversation()
    const esther = await completeMember(h, { gender: 'woman', firstName: 'Esther' })
    await boaz.api.likes.create({ receiverId: esther.user.id })
    await boaz.api.events.create({
      title: 'Psalms by the River',
      description: 'Reading the Psalms together.',
      eventType: 'study',
      churchName: 'Grace Chapel',
      location: '12 Elm Street',
      city: 'Nashville',
      state: 'TN',
      startDateTime: inFiveDays(0),
      endDateTime: inFiveDays(2),
      timeZone: 'UTC',
      maxAttendees: 10,
    })
    expect(await whatOthersSee(boaz.user.id, ruth, esther)).toEqual(everywhere)

    await deborah.api.moderation.decide({ reportId, ...decision })
    expect(await whatOthersSee(boaz.user.id, ruth, esther)).toEqual(nowhere)

    const lifted = await liftSuspensions(h.db, new Date(Date.now() + 3 * DAY_MS))
    expect(lifted).toBe(action === 'suspend' ? 1 : 0)
    expect(await whatOthersSee(boaz.user.id, ruth, esther)).toEqual(action === 'suspend' ? everywhere : nowhere)
  })
})
