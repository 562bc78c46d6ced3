import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { call, PASSWORD, registerMember, sessionCookie, uniqueEmail } from '#tests/support/http.ts'
import { linksIn, type SmtpTestServer, startSmtpServer } from '#tests/support/smtp.ts'
import { testConfig } from '#tests/support/test-config.ts'

let smtp: SmtpTestServer
let app: RunningApp

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await startApp(testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Covenant <hello@covenant.test>' }))
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

const to = (address: string, subject: RegExp) => (mail: ParsedMail) =>
  mail.to !== undefined && JSON.stringify(mail.to).includes(address) && subject.test(mail.subject ?? '')

/** The one link of the email that points at `path` on this app, and the token it carries. */
function linkTo(mail: ParsedMail, path: string) {
  const links = linksIn(mail).filter((link) => new URL(link).pathname === path)
  expect(new Set(links).size).toBe(1)
  const link = new URL(links[0]!)
  expect(link.origin).toBe(new URL(app.url).origin.replace('localhost', link.hostname))
  expect([...link.searchParams.keys()]).toEqual(['token'])
  return { link, token: link.searchParams.get('token')! }
}

/** What the page behind the link does: it posts the link's token. */
async function follow(link: URL, path: string, extra: Record<string, string> = {}, cookie?: string) {
  return api('POST', path, { body: { token: link.searchParams.get('token'), ...extra }, cookie })
}

describe('the verification email', () => {
  it('arrives over SMTP with HTML, text, Message-ID and Date, and its link verifies the address', async () => {
    const member = await registerMember(app.url)
    const mail = await smtp.waitForMail(to(member.email, /confirm your email/i))

    expect(mail.from?.value).toEqual([{ name: 'Covenant', address: 'hello@covenant.test' }])
    expect(mail.messageId).toMatch(/^<job-[^@]+@covenant\.test>$/)
    expect(mail.date).toBeInstanceOf(Date)
    expect(mail.html).toContain('Covenant')
    expect(mail.text).toContain('/verify-email?token=')

    const { link } = linkTo(mail, '/verify-email')
    expect((await api('GET', '/api/auth/user', { cookie: member.cookie })).body.emailVerified).toBe(false)
    const verified = await follow(link, '/api/auth/verify-email')
    expect(verified.status).toBe(200)
    expect(verified.body).toEqual({ email: member.email, changed: false })
    expect((await api('GET', '/api/auth/user', { cookie: member.cookie })).body.emailVerified).toBe(true)
    expect((await follow(link, '/api/auth/verify-email')).status).toBe(400)
  })

  it('is sent again on request, and not to a visitor', async () => {
    const member = await registerMember(app.url)
    await smtp.waitForMail(to(member.email, /confirm your email/i))
    expect((await api('POST', '/api/auth/resend-verification', { cookie: member.cookie })).status).toBe(200)
    await expect.poll(() => smtp.messages.filter(to(member.email, /confirm your email/i)).length).toBe(2)
    expect((await api('POST', '/api/auth/resend-verification')).status).toBe(401)
  })
})

describe('forgot password → email → reset', () => {
  it('answers 200 with the same message for any address and mails only a member', async () => {
    const member = await registerMember(app.url)
    const stranger = uniqueEmail('stranger')
    const known = await api('POST', '/api/auth/forgot-password', { body: { email: member.email } })
    const unknown = await api('POST', '/api/auth/forgot-password', { body: { email: stranger } })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
    await smtp.waitForMail(to(member.email, /reset your covenant password/i))
    const queued = await app.database.db.select({ payload: jobs.payload }).from(jobs)
    expect(queued.filter((job) => job.payload.includes(member.email))).not.toEqual([])
    expect(queued.filter((job) => job.payload.includes(stranger))).toEqual([])
    expect(smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(stranger))).toEqual([])
  })

  it('resets the password from the emailed link, signs the member in and everyone else out', async () => {
    const member = await registerMember(app.url)
    await api('POST', '/api/auth/forgot-password', { body: { email: member.email } })
    const mail = await smtp.waitForMail(to(member.email, /reset your covenant password/i))
    expect(mail.text).toMatch(/30 minutes/)
    const { link } = linkTo(mail, '/reset-password')

    const reset = await follow(link, '/api/auth/reset-password', { password: 'a fresh start at last' })
    expect(reset.status).toBe(200)
    expect(reset.body).toMatchObject({ email: member.email, emailVerified: true })
    const fresh = sessionCookie(reset)!
    expect((await api('GET', '/api/auth/user', { cookie: fresh })).status).toBe(200)
    expect((await api('GET', '/api/auth/user', { cookie: member.cookie })).status).toBe(401)

    expect((await api('POST', '/api/login', { body: { email: member.email, password: PASSWORD } })).status).toBe(401)
    expect((await api('POST', '/api/login', { body: { email: member.email, password: 'a fresh start at last' } })).status).toBe(200)
    const again = await follow(link, '/api/auth/reset-password', { password: 'someone else now' })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('This link is invalid or has expired. Please request a new one.')
  })
})

describe('account settings over REST', () => {
  it('changes the address only when the new one confirms, after a notice to the old one', async () => {
    const member = await registerMember(app.url)
    const newAddress = uniqueEmail('moved')
    const asked = await api('POST', '/api/account/email', { body: { email: newAddress, password: PASSWORD }, cookie: member.cookie })
    expect(asked.status).toBe(200)
    expect(asked.body).toEqual({ pendingEmail: newAddress })

    const notice = await smtp.waitForMail(to(member.email, /about to change/i))
    expect(notice.text).toContain(newAddress)
    expect(linksIn(notice).every((link) => !new URL(link).searchParams.has('token'))).toBe(true)
    const confirm = await smtp.waitForMail(to(newAddress, /confirm your new email/i))
    const { link } = linkTo(confirm, '/verify-email')
    expect((await api('GET', '/api/auth/user', { cookie: member.cookie })).body.email).toBe(member.email)

    expect((await follow(link, '/api/auth/verify-email')).body).toEqual({ email: newAddress, changed: true })
    expect((await api('GET', '/api/auth/user', { cookie: member.cookie })).body).toMatchObject({ email: newAddress, emailVerified: true })
  })

  it('changes the password, lists devices and signs out everywhere else', async () => {
    const member = await registerMember(app.url, {
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1' },
    })
    const laptop = sessionCookie(
      await api('POST', '/api/login', {
        body: { email: member.email, password: PASSWORD },
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
      }),
    )!

    const devices = await api('GET', '/api/account/sessions', { cookie: member.cookie })
    expect(devices.status).toBe(200)
    expect(devices.body).toHaveLength(2)
    expect(devices.body.find((device: { current: boolean }) => device.current).userAgent).toContain('iPhone')

    const wrong = await api('POST', '/api/account/password', {
      body: { currentPassword: 'nope nope nope', newPassword: 'long enough too' },
      cookie: member.cookie,
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('Your current password is incorrect.')

    const changed = await api('POST', '/api/account/password', {
      body: { currentPassword: PASSWORD, newPassword: 'long enough too' },
      cookie: member.cookie,
    })
    expect(changed.body).toEqual({ otherSessionsEnded: 1 })
    expect((await api('GET', '/api/auth/user', { cookie: laptop })).status).toBe(401)

    const tablet = sessionCookie(await api('POST', '/api/login', { body: { email: member.email, password: 'long enough too' } }))!
    expect((await api('DELETE', '/api/account/sessions/others', { cookie: member.cookie })).body).toEqual({ ended: 1 })
    expect((await api('GET', '/api/auth/user', { cookie: tablet })).status).toBe(401)
    expect((await api('GET', '/api/auth/user', { cookie: member.cookie })).status).toBe(200)
  })
})
