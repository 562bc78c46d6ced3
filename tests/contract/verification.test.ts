import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles, users, verifications } from '#db/schema/index.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { documentForViewer } from '#server/services/verification.ts'
import { DOCUMENT_REJECTED, sniffDocument, verificationDir } from '#server/services/verification-documents.ts'
import type { FaithVerificationFields } from '#shared/schemas/verification.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { HTML_AS_JPEG, jpegWithGps, SECRET_PLACE } from '#tests/support/images.ts'
import { type Harness, type Member, refusal } from '#tests/support/members.ts'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const faithFields: FaithVerificationFields = {
  churchName: 'Nashville First SDA Church',
  pastorName: 'Pastor James Whitfield',
  pastorEmail: 'pastor@nashvillefirst.org',
  membershipYears: 5,
}

let h: Harness
let moderator: Member
beforeAll(async () => {
  h = await contractHarness()
  moderator = await h.member({ firstName: 'Miriam' })
  await h.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.user.id))
})
afterAll(() => h.close())

/** Badge names, leaving out seasonal ones (a test run in December also earns Christmas Joy). */
const yearRound = (earned: { name: string; category: string }[]) =>
  earned
    .filter((a) => a.category !== 'seasonal')
    .map((a) => a.name)
    .sort()

const documentIdOf = (url: string | null) => url!.split('/').at(-1)!

describe('a visitor', () => {
  it('is UNAUTHORIZED on every verification procedure and stores no file', async () => {
    const { api } = h.caller()
    const calls = [
      api.verification.status(),
      api.verification.submitFaith({ ...faithFields, document: PDF }),
      api.verification.submitIncome({ tier: 'tier1', document: PDF }),
      api.verification.requestIncomeBypass({ tier: 'tier2', bypassLevel: 'serious', acceptNonRefundable: true }),
      api.verification.submitEducation({ institution: 'Oakwood University', degreeType: 'bachelors', graduationYear: 2015, document: PDF }),
      api.verification.reviewQueue(),
      api.verification.review({ verificationId: 'x', decision: 'approve' }),
    ]
    for (const call of calls) expect((await refusal(call)).code).toBe('UNAUTHORIZED')
    expect(await readdir(verificationDir(h.config.UPLOADS_DIR)).catch(() => [])).toEqual([])
  })
})

describe('verification.status', () => {
  it('starts with the three records not started', async () => {
    const member = await h.member()
    const status = await member.api.verification.status()
    expect(status.isVerified).toBe(false)
    expect(status.isReviewer).toBe(false)
    expect(status.records.map((r) => [r.type, r.status, r.submittedAt, r.verifiedAt])).toEqual([
      ['faith', 'not_started', null, null],
      ['income', 'not_started', null, null],
      ['education', 'not_started', null, null],
    ])
    expect((await moderator.api.verification.status()).isReviewer).toBe(true)
  })
})

describe('submissions', () => {
  it('a faith submission stores the letter privately and becomes pending; submitting again is CONFLICT', async () => {
    const member = await h.member()
    const status = await member.api.verification.submitFaith({ ...faithFields, document: PDF })
    const faith = status.records.find((r) => r.type === 'faith')!
    expect(faith).toMatchObject({ status: 'pending', details: faithFields, documentType: 'application/pdf', verifiedAt: null })
    expect(faith.submittedAt).toEqual(expect.any(String))
    expect(faith.documentUrl).toMatch(/^\/uploads\/verification\/[A-Za-z0-9_-]{22}$/)
    const stored = await readFile(join(verificationDir(h.config.UPLOADS_DIR), documentIdOf(faith.documentUrl)))
    expect(stored.equals(PDF)).toBe(true)

    const again = await refusal(member.api.verification.submitFaith({ ...faithFields, document: PDF }))
    expect(again.code).toBe('CONFLICT')
    expect(publicErrorMessage(again)).toBe('Your faith verification is already pending review.')
  })

  it.each([
    ['a bad pastor email', { pastorEmail: 'not-an-email' }, "Please enter your pastor's email address"],
    ['a membership length off the list', { membershipYears: 3 }, 'Please choose how long you have been a member'],
    ['a missing church', { churchName: ' ' }, 'Please enter your church name'],
    ['a missing pastor', { pastorName: '' }, "Please enter your pastor's or elder's name"],
  ])('faith refuses %s', async (_case, overrides, message) => {
    const member = await h.member()
    const error = await refusal(member.api.verification.submitFaith({ ...faithFields, ...overrides, document: PDF } as never))
    expect(error.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(error)).toBe(message)
  })

  it('accepts each years-of-membership value, also as multipart text', async () => {
    for (const membershipYears of [1, 2, 5, '10']) {
      const member = await h.member()
      const status = await member.api.verification.submitFaith({ ...faithFields, membershipYears: membershipYears as never, document: PDF })
      expect(status.records[0]!.details).toMatchObject({ membershipYears: Number(membershipYears) })
    }
  })

  it.each([
    [1959, false],
    [1960, true],
    [2024, true],
    [2025, false],
  ])('education accepts graduation year %i: %s', async (graduationYear, accepted) => {
    const member = await h.member()
    const call = member.api.verification.submitEducation({
      institution: 'Andrews University',
      degreeType: 'masters',
      graduationYear,
      document: PDF,
    })
    if (accepted) {
      expect((await call).records.find((r) => r.type === 'education')!.status).toBe('pending')
    } else {
      const error = await refusal(call)
      expect(error.code).toBe('BAD_REQUEST')
      expect(publicErrorMessage(error)).toBe('Graduation year must be between 1960 and 2024')
    }
  })

  it('education refuses an unknown degree type; income refuses an unknown tier', async () => {
    const member = await h.member()
    const degree = await refusal(
      member.api.verification.submitEducation({
        institution: 'Andrews University',
        degreeType: 'associate' as never,
        graduationYear: 2010,
        document: PDF,
      }),
    )
    expect(publicErrorMessage(degree)).toBe('Please choose your degree')
    const tier = await refusal(member.api.verification.submitIncome({ tier: 'tier6' as never, document: PDF }))
    expect(publicErrorMessage(tier)).toBe('Please choose your income tier')
  })

  it('a bypass needs a fee level and the non-refundable acknowledgement, and has no document', async () => {
    const member = await h.member()
    const unacknowledged = await refusal(
      member.api.verification.requestIncomeBypass({ tier: 'tier3', bypassLevel: 'very-serious', acceptNonRefundable: false as never }),
    )
    expect(publicErrorMessage(unacknowledged)).toBe('Please confirm that you understand the fee is non-refundable')
    const { checkoutUrl } = await member.api.verification.requestIncomeBypass({
      tier: 'tier3',
      bypassLevel: 'very-serious',
      acceptNonRefundable: true,
    })
    const checkout = await member.api.billing.checkout({ id: checkoutUrl.split('/').at(-1)! })
    expect(checkout).toMatchObject({ kind: 'bypass_fee', amountUsd: 7500, description: 'Commitment bypass: Very Serious', status: 'open' })
    // Nothing is recorded until the fee is paid.
    expect((await member.api.verification.status()).records.find((r) => r.type === 'income')).toMatchObject({ status: 'not_started' })
  })
})

describe('document checks', () => {
  it('sniffs PDF, JPEG, PNG and WebP by their first bytes only', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'white' } })
      .png()
      .toBuffer()
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'white' } })
      .webp()
      .toBuffer()
    expect(sniffDocument(PDF)).toBe('application/pdf')
    expect(sniffDocument(await jpegWithGps())).toBe('image/jpeg')
    expect(sniffDocument(png)).toBe('image/png')
    expect(sniffDocument(webp)).toBe('image/webp')
    expect(sniffDocument(HTML_AS_JPEG)).toBeNull()
    expect(sniffDocument(Buffer.from('GIF89a'))).toBeNull()
  })

  it('refuses HTML renamed as an image, a truncated image, and an empty file, storing nothing', async () => {
    const member = await h.member()
    const before = await readdir(verificationDir(h.config.UPLOADS_DIR)).catch(() => [])
    const truncatedPng = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])
    for (const document of [HTML_AS_JPEG, truncatedPng]) {
      const error = await refusal(member.api.verification.submitFaith({ ...faithFields, document }))
      expect(error.code).toBe('BAD_REQUEST')
      expect(publicErrorMessage(error)).toBe(DOCUMENT_REJECTED)
    }
    const empty = await refusal(member.api.verification.submitFaith({ ...faithFields, document: new Uint8Array() }))
    expect(publicErrorMessage(empty)).toBe('Please upload your church letter')
    expect(await readdir(verificationDir(h.config.UPLOADS_DIR)).catch(() => [])).toEqual(before)
    expect((await member.api.verification.status()).records[0]!.status).toBe('not_started')
  })

  it('refuses a file over 10 MB', async () => {
    const member = await h.member()
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)
    PDF.copy(big)
    const error = await refusal(
      member.api.verification.submitEducation({ institution: 'Oakwood', degreeType: 'bachelors', graduationYear: 2012, document: big }),
    )
    expect(error.code).toBe('PAYLOAD_TOO_LARGE')
    expect(publicErrorMessage(error)).toBe('Please upload a file under 10 MB.')
  })

  it('re-encodes photos of documents, dropping their EXIF and GPS', async () => {
    const member = await h.member()
    const status = await member.api.verification.submitFaith({ ...faithFields, document: await jpegWithGps() })
    const faith = status.records[0]!
    expect(faith.documentType).toBe('image/jpeg')
    const stored = await readFile(join(verificationDir(h.config.UPLOADS_DIR), documentIdOf(faith.documentUrl)))
    const metadata = await sharp(stored).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(stored.includes(Buffer.from(SECRET_PLACE))).toBe(false)
  })

  it('serves a document to its owner and moderators only: another member gets nothing (NOT_FOUND)', async () => {
    const owner = await h.member()
    const other = await h.member()
    const status = await owner.api.verification.submitFaith({ ...faithFields, document: PDF })
    const documentId = documentIdOf(status.records[0]!.documentUrl)
    expect(await documentForViewer(h.db, owner.user.id, documentId)).toEqual({ documentType: 'application/pdf' })
    expect(await documentForViewer(h.db, moderator.user.id, documentId)).toEqual({ documentType: 'application/pdf' })
    expect(await documentForViewer(h.db, other.user.id, documentId)).toBeNull()
    expect(await documentForViewer(h.db, other.user.id, 'no-such-document-id')).toBeNull()
    // Another member's records never show up in one's own status.
    expect((await other.api.verification.status()).records.every((r) => r.documentUrl === null)).toBe(true)
  })
})

describe('review', () => {
  it('is FORBIDDEN to members who are not moderators', async () => {
    const member = await h.member()
    const owner = await h.member()
    const status = await owner.api.verification.submitFaith({ ...faithFields, document: PDF })
    expect((await refusal(member.api.verification.reviewQueue())).code).toBe('FORBIDDEN')
    const [item] = (await moderator.api.verification.reviewQueue()).filter((i) => i.member.userId === owner.user.id)
    const error = await refusal(member.api.verification.review({ verificationId: item!.id, decision: 'approve' }))
    expect(error.code).toBe('FORBIDDEN')
    expect(status.records[0]!.status).toBe('pending')
    expect((await owner.api.verification.status()).records[0]!.status).toBe('pending')
  })

  it('approving faith verifies the member, sets the Verified badge and awards Verified Believer once', async () => {
    const member = await h.member({ firstName: 'Esther', lastName: 'Hadassah' })
    await member.api.verification.submitFaith({ ...faithFields, document: PDF })
    const queue = await moderator.api.verification.reviewQueue()
    const item = queue.find((i) => i.member.userId === member.user.id)!
    expect(item).toMatchObject({
      type: 'faith',
      details: faithFields,
      documentType: 'application/pdf',
      member: { firstName: 'Esther', lastName: 'Hadassah' },
      documentUrl: expect.stringMatching(/^\/uploads\/verification\//),
    })
    const submittedTimes = queue.map((i) => i.submittedAt)
    expect(submittedTimes).toEqual([...submittedTimes].sort())

    expect(await moderator.api.verification.review({ verificationId: item.id, decision: 'approve' })).toMatchObject({ status: 'verified' })
    const status = await member.api.verification.status()
    expect(status.isVerified).toBe(true)
    expect(status.records[0]).toMatchObject({ status: 'verified', verifiedAt: expect.any(String) })
    const [profile] = await h.db.select({ isVerified: profiles.isVerified }).from(profiles).where(eq(profiles.userId, member.user.id))
    expect(profile!.isVerified).toBe(true)
    expect((await member.api.profile.get()).isVerified).toBe(true)
    expect(yearRound(await member.api.achievements.user())).toEqual(['Verified Believer'])

    // Already decided: a second decision finds nothing waiting.
    const again = await refusal(
      moderator.api.verification.review({ verificationId: item.id, decision: 'reject', reason: 'Changed my mind' }),
    )
    expect(again.code).toBe('NOT_FOUND')
    expect((await member.api.verification.status()).records[0]!.status).toBe('verified')
    const resubmit = await refusal(member.api.verification.submitFaith({ ...faithFields, document: PDF }))
    expect(publicErrorMessage(resubmit)).toBe('Your faith verification is already complete.')
  })

  it('rejecting needs a reason, which the member sees; they may then resubmit', async () => {
    const member = await h.member()
    await member.api.verification.submitEducation({
      institution: 'Oakwood University',
      degreeType: 'bachelors',
      graduationYear: 2016,
      document: PDF,
    })
    const item = (await moderator.api.verification.reviewQueue()).find((i) => i.member.userId === member.user.id)!
    const noReason = await refusal(moderator.api.verification.review({ verificationId: item.id, decision: 'reject' }))
    expect(publicErrorMessage(noReason)).toBe('Please tell the member why (at least 5 characters)')

    await moderator.api.verification.review({ verificationId: item.id, decision: 'reject', reason: 'The transcript is unreadable.' })
    const education = (await member.api.verification.status()).records.find((r) => r.type === 'education')!
    expect(education).toMatchObject({ status: 'rejected', rejectionReason: 'The transcript is unreadable.', verifiedAt: null })
    const [profile] = await h.db.select({ isVerified: profiles.isVerified }).from(profiles).where(eq(profiles.userId, member.user.id))
    expect(profile!.isVerified).toBe(false)

    const oldDocument = documentIdOf(education.documentUrl)
    const resubmitted = await member.api.verification.submitEducation({
      institution: 'Oakwood University',
      degreeType: 'bachelors',
      graduationYear: 2016,
      document: PDF,
    })
    const renewed = resubmitted.records.find((r) => r.type === 'education')!
    expect(renewed).toMatchObject({ status: 'pending', rejectionReason: null })
    expect(documentIdOf(renewed.documentUrl)).not.toBe(oldDocument)
    expect(await readdir(verificationDir(h.config.UPLOADS_DIR))).not.toContain(oldDocument)
  })

  it('a paid bypass fee is Bypass Active (bypass_paid) at once, counts as income verified, and never waits for a moderator', async () => {
    const member = await h.member()
    const { checkoutUrl } = await member.api.verification.requestIncomeBypass({
      tier: 'tier5',
      bypassLevel: 'extremely-serious',
      acceptNonRefundable: true,
    })
    expect((await moderator.api.verification.reviewQueue()).some((i) => i.member.userId === member.user.id)).toBe(false)
    await member.api.billing.confirmDemoCheckout({ id: checkoutUrl.split('/').at(-1)! })
    const income = (await member.api.verification.status()).records.find((r) => r.type === 'income')!
    expect(income).toMatchObject({ status: 'bypass_paid', verifiedAt: expect.any(String) })
    expect(yearRound(await member.api.achievements.user())).toEqual(['Good Steward'])
    expect(
      (await refusal(member.api.verification.requestIncomeBypass({ tier: 'tier5', bypassLevel: 'serious', acceptNonRefundable: true })))
        .code,
    ).toBe('CONFLICT')
  })

  it('a bypass requested before fees were paid at checkout is not reviewable, and the member may pay it now', async () => {
    const member = await h.member()
    const [row] = await h.db
      .insert(verifications)
      .values({
        userId: member.user.id,
        type: 'income',
        status: 'pending',
        details: { tier: 'tier2', method: 'bypass', bypassLevel: 'serious', bypassAmountUsd: 2500 },
        submittedAt: new Date(),
      })
      .returning({ id: verifications.id })
    expect((await moderator.api.verification.reviewQueue()).some((i) => i.id === row!.id)).toBe(false)
    expect((await refusal(moderator.api.verification.review({ verificationId: row!.id, decision: 'approve' }))).code).toBe('NOT_FOUND')
    const { checkoutUrl } = await member.api.verification.requestIncomeBypass({
      tier: 'tier2',
      bypassLevel: 'serious',
      acceptNonRefundable: true,
    })
    await member.api.billing.confirmDemoCheckout({ id: checkoutUrl.split('/').at(-1)! })
    expect((await member.api.verification.status()).records.find((r) => r.type === 'income')).toMatchObject({ status: 'bypass_paid' })
  })

  it('a moderator cannot review their own submission', async () => {
    const other = await h.member()
    await h.db.update(users).set({ role: 'moderator' }).where(eq(users.id, other.user.id))
    await moderator.api.verification.submitIncome({ tier: 'tier1', document: PDF })
    const own = (await moderator.api.verification.reviewQueue()).find((i) => i.member.userId === moderator.user.id)!
    expect((await refusal(moderator.api.verification.review({ verificationId: own.id, decision: 'approve' }))).code).toBe('FORBIDDEN')
    expect(await other.api.verification.review({ verificationId: own.id, decision: 'approve' })).toMatchObject({ status: 'verified' })
  })
})

describe('covenant ready', () => {
  it('awards the ultimate badge once faith, income and education are all verified', async () => {
    const member = await h.member()
    await member.api.verification.submitFaith({ ...faithFields, document: PDF })
    await member.api.verification.submitIncome({ tier: 'tier2', document: PDF })
    await member.api.verification.submitEducation({
      institution: 'Andrews University',
      degreeType: 'doctorate',
      graduationYear: 2020,
      document: PDF,
    })
    for (const item of (await moderator.api.verification.reviewQueue()).filter((i) => i.member.userId === member.user.id)) {
      await moderator.api.verification.review({ verificationId: item.id, decision: 'approve' })
    }
    const names = yearRound(await member.api.achievements.user())
    expect(names).toEqual(['Covenant Ready', 'Good Steward', 'Lifelong Learner', 'Verified Believer'])
    const rows = await h.db.select({ status: verifications.status }).from(verifications).where(eq(verifications.userId, member.user.id))
    expect(rows.map((row) => row.status)).toEqual(['verified', 'verified', 'verified'])
  })
})
