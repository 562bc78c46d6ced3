import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { users, verifications } from '#db/schema/index.ts'
import { contractHarness } from '#tests/support/contract.ts'
import { jpegWithGps } from '#tests/support/images.ts'
import { type Harness, MANY_MEMBERS, type Member } from '#tests/support/members.ts'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const faithFields = { churchName: 'Bethlehem Church', pastorName: 'Pastor Naomi', pastorEmail: 'naomi@bethlehem.org', membershipYears: 5 }
const educationFields = { institution: 'Oakwood University', degreeType: 'bachelors', graduationYear: 2015 } as const

let h: Harness
let moderator: Member
beforeEach(async () => {
  h = await contractHarness(MANY_MEMBERS)
  moderator = await h.member({ firstName: 'Miriam' })
  await h.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.user.id))
})
afterEach(() => h.close())

async function review(member: Member, type: string, decision: 'approve' | 'reject', reason?: string) {
  const queued = (await moderator.api.verification.reviewQueue()).find(
    (entry) => entry.member.userId === member.user.id && entry.type === type,
  )
  await moderator.api.verification.review({ verificationId: queued!.id, decision, reason })
}

describe('exporting the account', () => {
  it("includes the member's verification records: what they gave and where each stands, never the documents", async () => {
    const ruth = await h.member({ firstName: 'Ruth' })
    await ruth.api.verification.submitFaith({ ...faithFields, document: PDF })
    const { checkoutUrl } = await ruth.api.verification.requestIncomeBypass({
      tier: 'tier2',
      bypassLevel: 'serious',
      acceptNonRefundable: true,
    })
    await ruth.api.billing.confirmDemoCheckout({ id: checkoutUrl.split('/').at(-1)! })
    await ruth.api.verification.submitEducation({ ...educationFields, document: await jpegWithGps() })
    await review(ruth, 'faith', 'approve')
    await review(ruth, 'education', 'reject', 'The diploma is not legible.')

    const document = JSON.parse(JSON.stringify(await ruth.api.account.export()))
    const byType = Object.fromEntries(document.verifications.map((record: { type: string }) => [record.type, record]))
    expect(document.verifications).toHaveLength(3)
    expect(byType.faith).toEqual({
      type: 'faith',
      status: 'verified',
      details: faithFields,
      documentType: 'application/pdf',
      submittedAt: expect.any(String),
      reviewedAt: expect.any(String),
      rejectionReason: null,
    })
    expect(byType.income).toEqual({
      type: 'income',
      status: 'bypass_paid',
      details: { tier: 'tier2', method: 'bypass', bypassLevel: 'serious', bypassAmountUsd: 2500 },
      documentType: null,
      submittedAt: expect.any(String),
      reviewedAt: expect.any(String),
      rejectionReason: null,
    })
    expect(byType.education).toEqual({
      type: 'education',
      status: 'rejected',
      details: educationFields,
      documentType: 'image/jpeg',
      submittedAt: expect.any(String),
      reviewedAt: expect.any(String),
      rejectionReason: 'The diploma is not legible.',
    })
    for (const record of document.verifications) expect(Date.parse(record.submittedAt)).not.toBeNaN()

    // No bytes, no stored names or paths, and nothing about the moderator who reviewed them.
    const text = JSON.stringify(document)
    const stored = await h.db
      .select({ documentId: verifications.documentId })
      .from(verifications)
      .where(eq(verifications.userId, ruth.user.id))
    expect(stored.filter((row) => row.documentId)).toHaveLength(2)
    for (const { documentId } of stored) if (documentId) expect(text).not.toContain(documentId)
    expect(text).not.toContain('/uploads/verification')
    expect(text).not.toContain('documentId')
    expect(text).not.toContain('%PDF')
    expect(text).not.toContain(PDF.toString('base64').slice(0, 16))
    expect(text).not.toContain(moderator.user.id)
    expect(text).not.toContain('Miriam')
  })

  it('includes the pastors the member asked to vouch and where each request stands, never the link', async () => {
    const ruth = await h.member({ firstName: 'Ruth' })
    await ruth.api.verification.submitFaith({ ...faithFields, document: PDF })
    await ruth.api.verification.requestVouch({})
    const document = JSON.parse(JSON.stringify(await ruth.api.account.export()))
    expect(document.churchVouches).toEqual([
      {
        pastorName: 'Pastor Naomi',
        pastorEmail: 'naomi@bethlehem.org',
        status: 'pending',
        requestedAt: expect.any(String),
        expiresAt: expect.any(String),
        decidedAt: null,
        revokedAt: null,
      },
    ])
    expect(JSON.stringify(document)).not.toMatch(/token/i)
    expect((await moderator.api.account.export()).churchVouches).toEqual([])
  })

  it("lists no verifications for a member who submitted none, and never another member's", async () => {
    const ruth = await h.member({ firstName: 'Ruth' })
    await ruth.api.verification.submitFaith({ ...faithFields, document: PDF })
    await review(ruth, 'faith', 'approve')
    const boaz = await h.member({ firstName: 'Boaz' })

    expect((await boaz.api.account.export()).verifications).toEqual([])
    // The moderator's own export holds their records only, not the ones they reviewed.
    const exported = await moderator.api.account.export()
    expect(exported.verifications).toEqual([])
    expect(JSON.stringify(exported)).not.toContain('Bethlehem Church')
  })
})
