import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { oauthAccounts, photos, users, verifications } from '#db/schema/index.ts'
import { seedContent } from '#server/seed/content.ts'
import { photosDir } from '#server/services/photos.ts'
import { verificationDir } from '#server/services/verification-documents.ts'
import { PHOTO_SIZES } from '#shared/logic/photo-renditions.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { jpegWithGps } from '#tests/support/images.ts'
import { completeInterview } from '#tests/support/interview.ts'
import { completeMember, type Harness, MANY_MEMBERS, type Member, refusal } from '#tests/support/members.ts'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const NEW_ADDRESS = 'ruth.of.moab@example.org'
const faithFields = { churchName: 'Bethlehem Church', pastorName: 'Pastor Naomi', pastorEmail: 'naomi@bethlehem.org', membershipYears: 5 }

let h: Harness
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
  await seedContent(h.db)
})
afterEach(() => h.close())

/** Every file under the uploads folder, relative to it. */
async function uploadedFiles(): Promise<string[]> {
  const entries = await readdir(h.config.UPLOADS_DIR, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(h.config.UPLOADS_DIR, join(entry.parentPath, entry.name)))
    .sort()
}

/**
 * Every table and column of the live schema (so a table added later is covered too) holding the
 * text anywhere in a value: a foreign key, a rate-limit key, a JSON payload. As `table.column`.
 */
async function columnsNaming(text: string): Promise<string[]> {
  const client = h.db.$client
  const tables = await client.execute(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
  const found: string[] = []
  for (const table of tables.rows.map((row) => String(row.name))) {
    const columns = await client.execute({ sql: 'select name from pragma_table_info(?)', args: [table] })
    for (const column of columns.rows.map((row) => String(row.name))) {
      const hits = await client.execute({
        sql: `select count(*) as n from "${table}" where instr(cast("${column}" as text), ?) > 0`,
        args: [text],
      })
      if (Number(hits.rows[0]!.n) > 0) found.push(`${table}.${column}`)
    }
  }
  return found
}

/** Files of one member: their photos in every size and their verification documents. */
async function filesOf(member: Member): Promise<string[]> {
  const photoIds = (await h.db.select({ id: photos.id }).from(photos).where(eq(photos.userId, member.user.id))).map((row) => row.id)
  const documentIds = (
    await h.db.select({ id: verifications.documentId }).from(verifications).where(eq(verifications.userId, member.user.id))
  )
    .map((row) => row.id)
    .filter((id): id is string => id !== null)
  const all = await uploadedFiles()
  return all.filter(
    (file) =>
      photoIds.some((id) => file.startsWith(relative(h.config.UPLOADS_DIR, join(photosDir(h.config.UPLOADS_DIR), id)))) ||
      documentIds.some((id) => file === relative(h.config.UPLOADS_DIR, join(verificationDir(h.config.UPLOADS_DIR), id))),
  )
}

/**
 * Ruth, a moderator, with a bit of everything: photos, three verifications with documents, a
 * review of Boaz's verification, a match and messages, interests, likes, a block, reports both ways,
 * an event she organizes (Boaz is going) and one she attends, Sabbath sign-ups and a download, an
 * interview, achievements, a Google sign-in, two sessions, throttling counters, a pending change of address
 * and the emails that go with it and with a password reset.
 */
async function ruthWithEverything() {
  const ruth = await completeMember(h, { gender: 'woman', firstName: 'Ruth' })
  const boaz = await completeMember(h, { gender: 'man', firstName: 'Boaz' })
  const obed = await completeMember(h, { gender: 'man', firstName: 'Obed' })
  const jesse = await completeMember(h, { gender: 'man', firstName: 'Jesse' })
  await h.db.update(users).set({ role: 'moderator' }).where(eq(users.id, ruth.user.id))

  await boaz.api.profile.addPhoto({ image: await jpegWithGps() })
  await boaz.api.verification.submitFaith({ ...faithFields, document: PDF })
  for (let i = 0; i < 3; i++) await ruth.api.profile.addPhoto({ image: await jpegWithGps(96 + i, 72) })
  await ruth.api.verification.submitFaith({ ...faithFields, document: PDF })
  await ruth.api.verification.submitIncome({ tier: 'tier1', document: await jpegWithGps() })
  await ruth.api.verification.submitEducation({
    institution: 'Oakwood University',
    degreeType: 'bachelors',
    graduationYear: 2015,
    document: PDF,
  })
  const [boazFaith] = await ruth.api.verification.reviewQueue()
  expect(boazFaith!.member.userId).toBe(boaz.user.id)
  await ruth.api.verification.review({ verificationId: boazFaith!.id, decision: 'approve' })

  await boaz.api.likes.create({ receiverId: ruth.user.id })
  const match = await ruth.api.interests.create({ receiverId: boaz.user.id, interestType: 'coffee_date', message: 'Coffee after church?' })
  await boaz.api.messaging.post({ conversationId: match.conversationId!, content: 'Gladly, Ruth.' })
  await ruth.api.messaging.post({
    conversationId: match.conversationId!,
    content: 'Pray for my mother-in-law?',
    messageType: 'prayer_request',
  })
  await ruth.api.messaging.markRead({ conversationId: match.conversationId! })
  await obed.api.interests.create({ receiverId: ruth.user.id, interestType: 'study_partner', message: 'Study Ruth 2 together?' })
  await ruth.api.likes.create({ receiverId: obed.user.id })
  await ruth.api.safety.block({ userId: jesse.user.id })
  await ruth.api.safety.report({ userId: jesse.user.id, reason: 'harassment', details: 'Unkind words.' })
  await jesse.api.safety.report({ userId: ruth.user.id, reason: 'other', details: 'Retaliation.' })
  await ruth.api.members.discover({})

  const startsAt = new Date(Date.now() + 5 * 86_400_000)
  const wallClock = (hour: number) => `${startsAt.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`
  const eventFields = {
    description: 'Psalm 23.',
    eventType: 'study',
    churchName: 'Grace Chapel',
    location: '12 Elm Street',
    city: 'Nashville',
    state: 'TN',
    startDateTime: wallClock(18),
    endDateTime: wallClock(20),
    timeZone: 'UTC',
    maxAttendees: 10,
  } as const
  const { event: ruthsEvent } = await ruth.api.events.create({ ...eventFields, title: "Ruth's gleaning study" })
  const { event: boazsEvent } = await boaz.api.events.create({ ...eventFields, title: "Boaz's harvest supper" })
  await boaz.api.events.rsvp({ eventId: ruthsEvent.id, status: 'attending' })
  await ruth.api.events.rsvp({ eventId: boazsEvent.id, status: 'attending' })

  const [sabbathEvent] = await ruth.api.sabbath.events({ timezone: 'UTC' })
  await ruth.api.sabbath.setAttendance({ eventId: sabbathEvent!.id, attending: true })
  await ruth.api.sabbath.setReminder({ eventId: sabbathEvent!.id, remind: true })
  await ruth.api.sabbath.setProgramSignup({ program: 'vespers', signedUp: true })
  const [resource] = await ruth.api.sabbath.resources()
  await ruth.api.sabbath.download({ resourceId: resource!.id })
  await completeInterview(ruth)
  await ruth.api.achievements.checkIn()

  await ruth.api.account.changeEmail({ email: NEW_ADDRESS, password: ruth.password })
  await h.caller().api.auth.forgotPassword({ email: ruth.email })
  await h.db.insert(oauthAccounts).values({ provider: 'google', providerUserId: 'google-ruth-1', userId: ruth.user.id })
  await h.caller().api.auth.login({ email: ruth.email, password: ruth.password })
  await refusal(h.caller().api.auth.login({ email: ruth.email, password: 'not her password' }))
  return { ruth, boaz, obed, jesse, ruthsEvent, boazsEvent }
}

describe('deleting the account', () => {
  it('leaves no row naming the member in any table and none of their files on disk', async () => {
    const { ruth, boaz, boazsEvent } = await ruthWithEverything()
    const ruthsFiles = await filesOf(ruth)
    const othersFiles = await filesOf(boaz)
    // Three photos in three sizes each, three verification documents; Boaz's photo and letter.
    expect(ruthsFiles).toHaveLength(3 * PHOTO_SIZES.length + 3)
    expect(othersFiles).toHaveLength(PHOTO_SIZES.length + 1)
    expect(await uploadedFiles()).toEqual([...ruthsFiles, ...othersFiles].sort())
    // The scene reaches every kind of table, so an empty scan afterwards means something.
    const tablesBefore = new Set((await columnsNaming(ruth.user.id)).map((column) => column.split('.')[0]))
    expect([...tablesBefore].sort()).toEqual([
      'account_tokens',
      'blocks',
      'conversations',
      'event_rsvps',
      'events',
      'interests',
      'interview_answers',
      'interviews',
      'jobs',
      'likes',
      'matches',
      'member_active_days',
      'member_activities',
      // Noted by the triggers that keep the member directories current; gone with the member.
      'member_changes',
      'messages',
      // As the moderator who reviewed Boaz's letter: the audit line stays, naming no moderator.
      'moderation_actions',
      'notifications',
      'oauth_accounts',
      'photos',
      'profiles',
      'rate_limits',
      'reports',
      'sabbath_event_signups',
      'sabbath_program_signups',
      'sabbath_resource_downloads',
      'sessions',
      'user_achievements',
      'users',
      'verifications',
    ])
    expect(await columnsNaming(ruth.user.id)).toContain('verifications.reviewer_id')
    expect(await columnsNaming(ruth.email)).toEqual(['account_tokens.email', 'jobs.payload', 'rate_limits.key', 'users.email'])
    expect(await columnsNaming(NEW_ADDRESS)).toEqual(['account_tokens.email', 'jobs.payload'])

    expect(await ruth.api.account.remove()).toEqual({ success: true })

    expect(await columnsNaming(ruth.user.id)).toEqual([])
    expect(await columnsNaming(ruth.email)).toEqual([])
    expect(await columnsNaming(NEW_ADDRESS)).toEqual([])
    expect(await uploadedFiles()).toEqual(othersFiles)

    // Her review of Boaz's letter stays his: still verified, with no reviewer named.
    const boazFaith = (await boaz.api.verification.status()).records.find((record) => record.type === 'faith')!
    expect(boazFaith).toMatchObject({ status: 'verified', documentType: 'application/pdf' })
    expect((await boaz.api.verification.status()).isVerified).toBe(true)
    // Her event is gone from his list; his own, which she was attending, goes on without her.
    const boazsEvents = await boaz.api.events.list({})
    expect(boazsEvents.map((event) => event.title)).not.toContain("Ruth's gleaning study")
    expect((await boaz.api.events.byId({ eventId: boazsEvent.id })).title).toBe("Boaz's harvest supper")
    expect(await h.db.select({ id: users.id }).from(users)).toHaveLength(3)
  })
})
