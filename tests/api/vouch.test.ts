import { eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vouchRequests } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { call, registerCompleteMember, registerMember } from '#tests/support/http.ts'
import { MANY_MEMBERS } from '#tests/support/members.ts'
import { linksIn, type SmtpTestServer, startSmtpServer } from '#tests/support/smtp.ts'
import { testConfig } from '#tests/support/test-config.ts'

let smtp: SmtpTestServer
let app: RunningApp

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await startApp(testConfig({ ...MANY_MEMBERS, SMTP_URL: smtp.url, MAIL_FROM: 'Covenant <hello@covenant.test>' }))
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
let pastorSequence = 0
const newPastorEmail = () => `pastor-${++pastorSequence}-${Math.random().toString(36).slice(2, 8)}@church.example`

/** Submits a faith verification naming the pastor; it stands (pending review) from then on. */
async function submitFaith(cookie: string, pastorEmail: string) {
  const form = new FormData()
  form.append('churchName', 'Berean SDA Church')
  form.append('pastorName', 'Elder Samuel Mensah')
  form.append('pastorEmail', pastorEmail)
  form.append('membershipYears', '10')
  form.append('document', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'letter.pdf')
  const reply = await api('POST', '/api/verification/faith', { cookie, body: form })
  expect(reply.status).toBe(200)
}

/** A woman with a faith verification naming a fresh pastor, and a man who can see her profile. */
async function memberWithFaith(pastorEmail = newPastorEmail()) {
  const member = await registerCompleteMember(app.url, 'woman', 'Lydia')
  const email = (await api('GET', '/api/auth/user', { cookie: member.cookie })).body.email as string
  const viewer = await registerCompleteMember(app.url, 'man', 'Boaz')
  await submitFaith(member.cookie, pastorEmail)
  return { ...member, email, viewer, pastorEmail }
}

const to = (address: string, subject: RegExp) => (mail: ParsedMail) =>
  mail.to !== undefined && JSON.stringify(mail.to).includes(address) && subject.test(mail.subject ?? '')

/** Asks for a vouch and reads the token from the link in the email the pastor receives. */
async function askAndReadToken(member: { cookie: string; pastorEmail: string }, nth = 1) {
  const asked = await api('POST', '/api/verification/faith/vouch', { cookie: member.cookie, body: {} })
  expect(asked.status).toBe(200)
  expect(asked.body.request).toMatchObject({ status: 'pending', pastorName: 'Elder Samuel Mensah' })
  await expect.poll(() => smtp.messages.filter(to(member.pastorEmail, /asks you to vouch/)).length, { timeout: 10_000 }).toBe(nth)
  const mail = smtp.messages.filter(to(member.pastorEmail, /asks you to vouch/)).at(-1)!
  const links = linksIn(mail).filter((link) => new URL(link).pathname === '/vouch')
  expect(new Set(links).size).toBe(1)
  const link = new URL(links[0]!)
  expect([...link.searchParams.keys()]).toEqual(['token'])
  return { mail, token: link.searchParams.get('token')! }
}

const vouchPath = (token: string) => `/api/vouch/${encodeURIComponent(token)}`
const decide = (token: string, decision: string) => api('POST', vouchPath(token), { body: { decision } })
const profileOf = (member: { id: string; viewer: { cookie: string } }) =>
  api('GET', `/api/profiles/${member.id}`, { cookie: member.viewer.cookie })

describe('a pastor vouching through the emailed link', () => {
  it('shows the member, church and statement; confirming puts the badge on the profile; the decision is spent', async () => {
    const member = await memberWithFaith()
    expect((await profileOf(member)).body.isChurchVouched).toBe(false)
    const { mail, token } = await askAndReadToken(member)
    expect(mail.subject).toBe('Lydia Moab asks you to vouch for them on Covenant')
    const statement =
      'Lydia Moab is a member of Berean SDA Church and, to my knowledge, a committed follower of Christ, unmarried and free to marry.'
    expect(mail.text).toContain(statement)
    expect(mail.text).toContain('14')
    // Only the token's hash is stored.
    const [stored] = await app.database.db.select().from(vouchRequests).where(eq(vouchRequests.userId, member.id))
    expect(stored!.tokenHash).not.toContain(token)
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/)

    const seen = await api('GET', vouchPath(token))
    expect(seen.status).toBe(200)
    expect(seen.body).toMatchObject({
      memberName: 'Lydia Moab',
      churchName: 'Berean SDA Church',
      pastorName: 'Elder Samuel Mensah',
      statement,
      status: 'pending',
    })
    expect(JSON.stringify(seen.body)).not.toContain(member.email)

    const confirmed = await decide(token, 'confirm')
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.status).toBe('confirmed')
    expect((await profileOf(member)).body.isChurchVouched).toBe(true)
    const own = await api('GET', '/api/verification', { cookie: member.cookie })
    expect(own.body.vouch).toMatchObject({ churchVouched: true, request: { status: 'confirmed' } })
    const notes = await api('GET', '/api/notifications', { cookie: member.cookie })
    expect(notes.body.notifications).toContainEqual(expect.objectContaining({ type: 'vouch_decision', decision: 'confirmed' }))

    // The link used twice: a second decision is refused in words, and changes nothing.
    for (const decision of ['confirm', 'decline']) {
      const again = await decide(token, decision)
      expect(again.status).toBe(409)
      expect(again.body.message).toBe('You have already confirmed this request. You can still revoke your confirmation here.')
    }
    expect((await profileOf(member)).body.isChurchVouched).toBe(true)
    // Asking again once vouched is refused.
    const askAgain = await api('POST', '/api/verification/faith/vouch', { cookie: member.cookie, body: {} })
    expect(askAgain.status).toBe(409)
    expect(askAgain.body.message).toBe('Your church has already vouched for you.')
  })

  it('lets the pastor revoke a confirmation later through the same link, which removes the badge and tells the member', async () => {
    const member = await memberWithFaith()
    const { token } = await askAndReadToken(member)
    expect((await decide(token, 'revoke')).status).toBe(409)
    expect((await decide(token, 'confirm')).status).toBe(200)
    expect((await profileOf(member)).body.isChurchVouched).toBe(true)

    const revoked = await decide(token, 'revoke')
    expect(revoked.status).toBe(200)
    expect(revoked.body.status).toBe('revoked')
    expect((await profileOf(member)).body.isChurchVouched).toBe(false)
    expect((await api('GET', '/api/verification', { cookie: member.cookie })).body.vouch).toMatchObject({
      churchVouched: false,
      request: { status: 'revoked' },
    })
    expect((await api('GET', vouchPath(token))).body.status).toBe('revoked')
    const twice = await decide(token, 'revoke')
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('You have already revoked your confirmation. Nothing more is needed.')
    expect((await decide(token, 'confirm')).status).toBe(409)
    expect((await profileOf(member)).body.isChurchVouched).toBe(false)
    // The member is told once, in the app.
    const notes = (await api('GET', '/api/notifications', { cookie: member.cookie })).body.notifications as {
      type: string
      decision?: string
    }[]
    expect(notes.filter((note) => note.type === 'vouch_decision').map((note) => note.decision)).toEqual(['revoked', 'confirmed'])
  })

  it('tells the member gently when the pastor declines, in the app and by email', async () => {
    const member = await memberWithFaith()
    const { token } = await askAndReadToken(member)
    const declined = await decide(token, 'decline')
    expect(declined.status).toBe(200)
    expect(declined.body.status).toBe('declined')

    const notes = await api('GET', '/api/notifications', { cookie: member.cookie })
    expect(notes.body.notifications).toContainEqual(expect.objectContaining({ type: 'vouch_decision', decision: 'declined' }))
    const mail = await smtp.waitForMail(to(member.email, /your request to your pastor/i))
    expect(mail.text).toContain('Your faith verification itself is unchanged')
    expect((await profileOf(member)).body.isChurchVouched).toBe(false)
    const again = await decide(token, 'confirm')
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('You have already declined this request. Nothing more is needed.')
    expect((await decide(token, 'revoke')).status).toBe(409)
  })

  it('refuses an expired link, an unknown one and a replaced one with a readable 4xx', async () => {
    const member = await memberWithFaith()
    const { token } = await askAndReadToken(member)
    await app.database.db
      .update(vouchRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(vouchRequests.userId, member.id))
    const seen = await api('GET', vouchPath(token))
    expect(seen.status).toBe(400)
    expect(seen.body.message).toBe('This vouch link has expired or was replaced by a newer request. The member can send a new one.')
    const late = await decide(token, 'confirm')
    expect(late.status).toBe(400)
    expect(late.body.message).toBe(seen.body.message)
    expect((await profileOf(member)).body.isChurchVouched).toBe(false)
    expect((await api('GET', '/api/verification', { cookie: member.cookie })).body.vouch.request.status).toBe('expired')

    const unknown = await api('GET', vouchPath('A'.repeat(43)))
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('This vouch link is not valid. Please open it again from the email.')
    expect((await decide('A'.repeat(43), 'confirm')).status).toBe(404)
    expect((await decide(token, 'approve')).status).toBe(400)
    expect((await api('GET', vouchPath('x'.repeat(500)))).status).toBe(400)

    // A new request replaces the one still waiting: the older link stops working.
    const fresh = await memberWithFaith()
    const first = await askAndReadToken(fresh, 1)
    const second = await askAndReadToken(fresh, 2)
    expect((await decide(first.token, 'confirm')).status).toBe(400)
    expect((await decide(second.token, 'confirm')).status).toBe(200)
    expect((await profileOf(fresh)).body.isChurchVouched).toBe(true)
  })
})

describe('asking for a vouch', () => {
  it('is limited to 3 requests a day per pastor address, across all members', async () => {
    const pastorEmail = newPastorEmail()
    const members = [await memberWithFaith(pastorEmail), await memberWithFaith(pastorEmail), await memberWithFaith(pastorEmail)]
    for (const member of members) expect((await api('POST', '/api/verification/faith/vouch', { cookie: member.cookie })).status).toBe(200)
    const fourth = await memberWithFaith(pastorEmail)
    const refused = await api('POST', '/api/verification/faith/vouch', { cookie: fourth.cookie })
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Your pastor has received several vouch requests today. Please try again tomorrow.')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    await expect.poll(() => smtp.messages.filter(to(pastorEmail, /asks you to vouch/)).length).toBe(3)
    // Nothing is stored for the refused request.
    const rows = await app.database.db.select().from(vouchRequests).where(eq(vouchRequests.userId, fourth.id))
    expect(rows).toEqual([])
  })

  it('is limited per member too', async () => {
    const member = await memberWithFaith()
    for (let i = 0; i < 3; i++) expect((await api('POST', '/api/verification/faith/vouch', { cookie: member.cookie })).status).toBe(200)
    const refused = await api('POST', '/api/verification/faith/vouch', { cookie: member.cookie })
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('You have asked for several vouches today. Please wait a day before asking again.')
  })

  it('is only for a signed-in member, about their own faith verification', async () => {
    const owner = await memberWithFaith()
    const stranger = await registerMember(app.url)
    expect((await api('POST', '/api/verification/faith/vouch', { body: {} })).status).toBe(401)
    // No faith verification of their own: nothing to vouch for, and naming someone else's is refused.
    const none = await api('POST', '/api/verification/faith/vouch', { cookie: stranger.cookie, body: {} })
    expect(none.status).toBe(404)
    const aimed = await api('POST', '/api/verification/faith/vouch', { cookie: stranger.cookie, body: { userId: owner.id } })
    expect(aimed.status).toBe(400)
    const [verification] = await app.database.db.select().from(vouchRequests).where(eq(vouchRequests.userId, owner.id))
    expect(verification).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.messages.filter(to(owner.pastorEmail, /asks you to vouch/))).toEqual([])
  })

  it('refuses a pastor address that is the member’s own', async () => {
    const member = await registerCompleteMember(app.url, 'woman', 'Dorcas')
    const email = (await api('GET', '/api/auth/user', { cookie: member.cookie })).body.email as string
    await submitFaith(member.cookie, email)
    const refused = await api('POST', '/api/verification/faith/vouch', { cookie: member.cookie, body: {} })
    expect(refused.status).toBe(403)
  })
})
