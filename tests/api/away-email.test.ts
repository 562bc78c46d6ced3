import { eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, notificationPreferences, users } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { createAppJobRunner } from '#server/jobs/app-runner.ts'
import type { JobRunner } from '#server/jobs/runner.ts'
import { DIGEST_DELAY_MS, DIGEST_WINDOW_MS } from '#server/jobs/schedules.ts'
import { AWAY_AFTER_MS } from '#server/services/away.ts'
import { call, registerCompleteMember } from '#tests/support/http.ts'
import { linksIn, type SmtpTestServer, startSmtpServer } from '#tests/support/smtp.ts'
import { testConfig } from '#tests/support/test-config.ts'

let smtp: SmtpTestServer
let app: RunningApp
let runner: JobRunner
let now = new Date()

beforeAll(async () => {
  smtp = await startSmtpServer()
  // The app queues; this test's runner, on a clock it moves, sends.
  const config = testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Covenant <hello@covenant.test>', JOBS_IN_PROCESS: '0' })
  app = await startApp(config)
  runner = createAppJobRunner({ db: app.database.db, config, publicUrl: app.url }, { clock: () => now })
})

afterAll(async () => {
  await runner?.stop()
  await app?.close()
  await smtp?.close()
})

const db = () => app.database.db
const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

async function drainAt(at: Date) {
  now = at
  while (await runner.runNext()) {}
}

async function emailOf(id: string) {
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, id))
  return row!.email
}

const digestsTo = (address: string) =>
  smtp.messages.filter((mail: ParsedMail) => JSON.stringify(mail.to).includes(address) && /new message/.test(mail.subject ?? ''))

/** A matched pair with their conversation; Ruth then goes away. */
async function matchedPair() {
  const ruth = await registerCompleteMember(app.url, 'woman', 'Ruth')
  const boaz = await registerCompleteMember(app.url, 'man', 'Boaz')
  await db().update(users).set({ plan: 'premium' }).where(eq(users.id, boaz.id))
  await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })
  const liked = await api('POST', '/api/likes', { cookie: boaz.cookie, body: { receiverId: ruth.id } })
  const away = new Date(Date.now() - AWAY_AFTER_MS - 60_000)
  await db().update(users).set({ lastActiveAt: away }).where(eq(users.id, ruth.id))
  const send = (content: string) =>
    api('POST', '/api/messages', { cookie: boaz.cookie, body: { receiverId: ruth.id, content, messageType: 'text' } })
  return { ruth, boaz, conversationId: (liked.body as { conversationId: string }).conversationId, send, ruthEmail: await emailOf(ruth.id) }
}

describe('the message digest', () => {
  it('sends several messages as one email per conversation within the window, and nothing per message', async () => {
    const { ruthEmail, send } = await matchedPair()
    const start = Date.now()
    for (const text of ['Shalom, Ruth!', 'Will you be at the potluck?', 'I am bringing bread.']) expect((await send(text)).status).toBe(200)

    await drainAt(new Date(start + DIGEST_DELAY_MS - 60_000))
    expect(digestsTo(ruthEmail)).toEqual([])

    await drainAt(new Date(start + DIGEST_DELAY_MS + 1000))
    const mail = await smtp.waitForMail((m) => digestsTo(ruthEmail).includes(m))
    expect(mail.subject).toBe('Boaz sent you 3 new messages')
    for (const text of ['Shalom, Ruth!', 'Will you be at the potluck?', 'I am bringing bread.']) expect(mail.text).toContain(text)

    // Another message inside the window waits for the window's end: still one email.
    const later = await send('See you Sabbath.')
    expect(later.status).toBe(200)
    // Sent after the first digest on the test's clock, which runs ahead of the server's.
    const sentAt = new Date(start + 2 * DIGEST_DELAY_MS)
    await db()
      .update(messages)
      .set({ createdAt: sentAt })
      .where(eq(messages.id, (later.body as { id: string }).id))
    await drainAt(new Date(start + 2 * DIGEST_DELAY_MS + 2000))
    expect(digestsTo(ruthEmail)).toHaveLength(1)

    await drainAt(new Date(start + DIGEST_DELAY_MS + DIGEST_WINDOW_MS + 5000))
    await expect.poll(() => digestsTo(ruthEmail).length).toBe(2)
    expect(digestsTo(ruthEmail)[1]!.subject).toBe('Boaz sent you a new message')
    expect(digestsTo(ruthEmail)[1]!.text).not.toContain('Shalom, Ruth!')
  })
})

describe('one-click unsubscribe', () => {
  it('turns that email off from the List-Unsubscribe header without a session, and refuses an altered token', async () => {
    const { ruth, ruthEmail, send } = await matchedPair()
    const start = Date.now()
    await send('Shalom!')
    await drainAt(new Date(start + DIGEST_DELAY_MS + 1000))
    const mail = await smtp.waitForMail((m) => digestsTo(ruthEmail).includes(m))

    const header = mail.headerLines.find((line) => line.key === 'list-unsubscribe')!.line.replace(/\r?\n\s+/g, ' ')
    const oneClick = new URL(/<([^>]+)>/.exec(header)![1]!)
    expect(oneClick.pathname).toBe('/api/notifications/unsubscribe')
    const page = linksIn(mail)
      .map((link) => new URL(link))
      .find((link) => link.pathname === '/unsubscribe')!
    expect(page.searchParams.get('token')).toBe(oneClick.searchParams.get('token'))

    const altered = `${oneClick.pathname}?token=${encodeURIComponent(`${oneClick.searchParams.get('token')!.slice(0, -2)}xx`)}`
    const refused = await api('POST', altered, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(refused.status).toBe(400)

    // As a mail provider posts it (RFC 8058): a form, no cookie, no Origin.
    const done = await api('POST', `${oneClick.pathname}${oneClick.search}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(done.status).toBe(200)
    const [preferences] = await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, ruth.id))
    expect(preferences).toMatchObject({ messageEmails: 'off', matchEmails: true, interestEmails: true, reminderEmails: true })

    await send('Are you there?')
    await drainAt(new Date(start + DIGEST_DELAY_MS + DIGEST_WINDOW_MS + 60_000))
    expect(digestsTo(ruthEmail)).toHaveLength(1)
  })
})
