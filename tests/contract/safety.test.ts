import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { blocks, conversations, matches, reports, users } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { BLOCK_NOT_FOUND, CANNOT_BLOCK_YOURSELF, CANNOT_REPORT_YOURSELF, listReports } from '#server/services/safety.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, refusal } from '#tests/support/members.ts'
import { testConfig } from '#tests/support/test-config.ts'

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
})
afterEach(() => h.close())

async function matchOf(a: Member, b: Member) {
  await a.api.likes.create({ receiverId: b.user.id })
  return b.api.likes.create({ receiverId: a.user.id })
}

describe('a visitor', () => {
  it('is UNAUTHORIZED on block, unblock, the block list and report', async () => {
    const { api } = h.caller()
    const calls = [
      api.safety.block({ userId: 'someone' }),
      api.safety.unblock({ userId: 'someone' }),
      api.safety.blocks(),
      api.safety.report({ userId: 'someone', reason: 'harassment', details: '' }),
    ]
    for (const call of calls) expect((await refusal(call)).code).toBe('UNAUTHORIZED')
  })
})

describe('blocking', () => {
  it('makes both members disappear for each other at once: discover, profile, likes, interests, matches, conversation', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    const { matchId, conversationId } = await matchOf(ruth, boaz)
    expect(await ruth.api.matches.list()).toHaveLength(1)

    expect(await boaz.api.safety.block({ userId: ruth.user.id })).toEqual({ success: true })

    for (const [viewer, other] of [
      [ruth, boaz],
      [boaz, ruth],
    ] as const) {
      expect((await viewer.api.members.discover({})).profiles).toEqual([])
      expect(await viewer.api.matches.list()).toEqual([])
      expect((await refusal(viewer.api.members.byId({ userId: other.user.id }))).code).toBe('NOT_FOUND')
      expect((await refusal(viewer.api.likes.create({ receiverId: other.user.id }))).code).toBe('NOT_FOUND')
      const interest = viewer.api.interests.create({ receiverId: other.user.id, interestType: 'general', message: 'Hello' })
      expect((await refusal(interest)).code).toBe('NOT_FOUND')
    }
    const [match] = await h.db.select().from(matches).where(eq(matches.id, matchId!))
    expect(match!.endedAt).toEqual(expect.any(Date))
    const [conversation] = await h.db.select().from(conversations).where(eq(conversations.id, conversationId!))
    expect(conversation!.closedAt).toEqual(expect.any(Date))
    expect(await boaz.api.safety.blocks()).toEqual([
      { userId: ruth.user.id, firstName: 'Ruth', profileImageUrl: null, blockedAt: expect.any(Date) },
    ])
    expect(await ruth.api.safety.blocks()).toEqual([])
  })

  it('is idempotent, refuses oneself and an unknown member', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await ruth.api.safety.block({ userId: boaz.user.id })
    await ruth.api.safety.block({ userId: boaz.user.id })
    expect(await h.db.select().from(blocks)).toHaveLength(1)
    const self = await refusal(ruth.api.safety.block({ userId: ruth.user.id }))
    expect(self.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(self)).toBe(CANNOT_BLOCK_YOURSELF)
    expect((await refusal(ruth.api.safety.block({ userId: 'no-such-member' }))).code).toBe('NOT_FOUND')
  })

  it('can also block a paused member', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await boaz.api.account.pause()
    await ruth.api.safety.block({ userId: boaz.user.id })
    await boaz.api.account.resume()
    expect((await ruth.api.members.discover({})).profiles).toEqual([])
  })

  it('unblocking brings the member back to Discover but not the ended match', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    await matchOf(ruth, boaz)
    await ruth.api.safety.block({ userId: boaz.user.id })
    expect(await ruth.api.safety.unblock({ userId: boaz.user.id })).toEqual({ success: true })
    expect((await ruth.api.members.discover({})).profiles.map((p) => p.userId)).toEqual([boaz.user.id])
    expect(await ruth.api.matches.list()).toEqual([])
    expect(await ruth.api.likes.create({ receiverId: boaz.user.id })).toEqual({ isMutual: false })
  })

  it("answers NOT_FOUND for unblocking someone not blocked, and cannot lift another member's block", async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const orpah = await completeMember(h, { gender: 'woman' })
    await ruth.api.safety.block({ userId: boaz.user.id })
    const error = await refusal(orpah.api.safety.unblock({ userId: boaz.user.id }))
    expect(error.code).toBe('NOT_FOUND')
    expect(publicErrorMessage(error)).toBe(BLOCK_NOT_FOUND)
    // The one blocked cannot lift it either.
    expect((await refusal(boaz.api.safety.unblock({ userId: ruth.user.id }))).code).toBe('NOT_FOUND')
    expect(
      await h.db
        .select()
        .from(blocks)
        .where(and(eq(blocks.blockerId, ruth.user.id), eq(blocks.blockedId, boaz.user.id))),
    ).toHaveLength(1)
    expect(await orpah.api.safety.blocks()).toEqual([])
  })
})

describe('reporting', () => {
  it('stores the report for moderation, open', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const result = await ruth.api.safety.report({ userId: boaz.user.id, reason: 'scam', details: '  Asked me for money.  ' })
    expect(result).toEqual({ success: true, reportId: expect.any(String) })
    expect(
      await h.db
        .select({
          reporterId: reports.reporterId,
          reportedId: reports.reportedId,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
        })
        .from(reports),
    ).toEqual([{ reporterId: ruth.user.id, reportedId: boaz.user.id, reason: 'scam', details: 'Asked me for money.', status: 'open' }])
    await ruth.api.safety.report({ userId: boaz.user.id, reason: 'other' })
    expect((await h.db.select({ details: reports.details }).from(reports).where(eq(reports.reason, 'other')))[0]).toEqual({ details: '' })
  })

  it('refuses oneself, an unknown member, an unknown reason and over-long details', async () => {
    const ruth = await completeMember(h, { gender: 'woman' })
    const boaz = await completeMember(h, { gender: 'man' })
    const self = await refusal(ruth.api.safety.report({ userId: ruth.user.id, reason: 'other', details: '' }))
    expect([self.code, publicErrorMessage(self)]).toEqual(['BAD_REQUEST', CANNOT_REPORT_YOURSELF])
    expect((await refusal(ruth.api.safety.report({ userId: 'no-such-member', reason: 'other', details: '' }))).code).toBe('NOT_FOUND')
    const reason = await refusal(ruth.api.safety.report({ userId: boaz.user.id, reason: 'rude' as never, details: '' }))
    expect(publicErrorMessage(reason)).toBe('Please choose a reason for your report')
    const long = await refusal(ruth.api.safety.report({ userId: boaz.user.id, reason: 'other', details: 'x'.repeat(1001) }))
    expect(publicErrorMessage(long)).toBe('Please keep the details under 1000 characters')
    expect(await h.db.select().from(reports)).toEqual([])
  })

  it('limits how many reports one member files a day', async () => {
    const tight = await contractHarness({ ...MANY_MEMBERS, REPORTS_PER_DAY: '2' })
    try {
      const ruth = await completeMember(tight, { gender: 'woman' })
      const boaz = await completeMember(tight, { gender: 'man' })
      await ruth.api.safety.report({ userId: boaz.user.id, reason: 'other', details: 'one' })
      await ruth.api.safety.report({ userId: boaz.user.id, reason: 'other', details: 'two' })
      expect((await refusal(ruth.api.safety.report({ userId: boaz.user.id, reason: 'other', details: 'three' }))).code).toBe(
        'TOO_MANY_REQUESTS',
      )
    } finally {
      tight.close()
    }
  })

  it('lists open reports for moderators with both members, and resolved ones on request', async () => {
    const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
    const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
    const { reportId } = await ruth.api.safety.report({ userId: boaz.user.id, reason: 'fake_profile', details: 'Photos of a celebrity.' })
    const [listed] = await listReports(h.db)
    expect(listed).toEqual({
      id: reportId,
      createdAt: expect.any(Date),
      status: 'open',
      reason: 'fake_profile',
      details: 'Photos of a celebrity.',
      origin: 'member',
      reporter: { id: ruth.user.id, firstName: 'Ruth', lastName: 'Moab', email: ruth.email },
      reported: { id: boaz.user.id, firstName: 'Boaz', lastName: 'Moab', email: boaz.email },
    })
    const miriam = await completeMember(h, { gender: 'woman', firstName: 'Miriam' })
    await h.db.update(users).set({ role: 'moderator' }).where(eq(users.id, miriam.user.id))
    await miriam.api.moderation.decide({ reportId, action: 'dismiss', reason: 'Photos check out.' })
    expect(await listReports(h.db)).toEqual([])
    expect(await listReports(h.db, { includeResolved: true })).toEqual([expect.objectContaining({ id: reportId, status: 'resolved' })])
  })

  it('has an operator command that prints the open reports', async () => {
    const config = testConfig()
    const file = await contractHarness({ ...MANY_MEMBERS, DATABASE_URL: config.DATABASE_URL })
    try {
      const ruth = await completeMember(file, { gender: 'woman' })
      const boaz = await completeMember(file, { gender: 'man', firstName: 'Boaz' })
      await ruth.api.safety.report({ userId: boaz.user.id, reason: 'harassment', details: 'Kept messaging after I said no.' })
      const script = fileURLToPath(new URL('../../scripts/reports.ts', import.meta.url))
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        env: { ...process.env, DATABASE_URL: config.DATABASE_URL },
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(run.status).toBe(0)
      expect(run.stdout).toContain('Harassment or unwanted contact')
      expect(run.stdout).toContain(`Boaz Moab <${boaz.email}>`)
      expect(run.stdout).toContain('Kept messaging after I said no.')
      expect(run.stdout).toContain('1 open report.')
    } finally {
      file.close()
    }
  }, 60_000)
})
