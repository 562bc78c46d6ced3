import { readdir } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { jobs } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { enqueueMail } from '#server/mail/mail-job.ts'
import { rawGet } from '#tests/support/http.ts'
import { linksIn, readOutbox, type SmtpTestServer, startSmtpServer } from '#tests/support/smtp.ts'
import { testConfig } from '#tests/support/test-config.ts'

let smtp: SmtpTestServer
let app: RunningApp

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await startApp(testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Covenant <hello@example.org>' }))
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

async function jobOf(id: string) {
  for (;;) {
    const [row] = await app.database.db.select().from(jobs).where(eq(jobs.id, id))
    if (row?.status !== 'pending') return row!
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('mail over SMTP', () => {
  it('sends a queued email with an HTML and a text part, its sender, a stable Message-ID and a link carrying only the token', async () => {
    const [job] = await enqueueMail(app.database.db, {
      to: 'ruth@example.com',
      template: 'reset-password',
      props: { token: 'reset-token-123', firstName: 'Ruth' },
    })
    const mail = await smtp.waitForMail((m) => m.subject === 'Reset your Covenant password')

    expect(mail.from?.value).toEqual([{ name: 'Covenant', address: 'hello@example.org' }])
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : undefined).toBe('ruth@example.com')
    expect(mail.messageId).toBe(`<job-${job!.id}@example.org>`)
    expect(mail.date).toBeInstanceOf(Date)
    expect(mail.html).toContain('Choose a new password')
    expect(mail.html).toContain('#7A2439')
    expect(mail.text).toContain('Hello Ruth,')
    expect(mail.text).toContain('expires in 30 minutes')

    const link = `${app.url}/reset-password?token=reset-token-123`
    expect(linksIn(mail)).toContain(link)
    expect(mail.text).toContain(link)
    expect([...new URL(link).searchParams.keys()]).toEqual(['token'])

    const done = await jobOf(job!.id)
    expect(done).toMatchObject({ status: 'done', attempts: 1, payload: '{}' })
  })

  it('has every template the account flows need, each linking where it should', async () => {
    const sent = [
      enqueueMail(app.database.db, { to: 'verify@example.com', template: 'verify-email', props: { token: 'v1' } }),
      enqueueMail(app.database.db, {
        to: 'new@example.com',
        template: 'confirm-email-change',
        props: { token: 'c1', path: '/confirm-email' },
      }),
      enqueueMail(app.database.db, {
        to: 'old@example.com',
        template: 'email-change-notice',
        props: { newEmail: 'new@example.com', firstName: 'Boaz' },
      }),
    ]
    await Promise.all(sent)
    const to = (address: string) => smtp.waitForMail((m) => !Array.isArray(m.to) && m.to?.text === address)

    const verify = await to('verify@example.com')
    expect(verify.subject).toBe('Please confirm your email for Covenant')
    expect(linksIn(verify)).toContain(`${app.url}/verify-email?token=v1`)
    expect(verify.text).toContain('Hello,')

    const change = await to('new@example.com')
    expect(change.subject).toBe('Confirm your new email for Covenant')
    expect(linksIn(change)).toContain(`${app.url}/confirm-email?token=c1`)

    const notice = await to('old@example.com')
    expect(notice.subject).toBe('Your Covenant email is about to change')
    expect(notice.text).toContain('new@example.com')
    expect(notice.text).toContain('Hello Boaz,')
    expect(linksIn(notice)).toContain(`${app.url}/forgot-password`)
  })
})

describe('mail without SMTP_URL', () => {
  it('writes the email to the outbox folder as .eml, logs its link but not the address, and never serves it', async () => {
    const config = testConfig({ LOG_LEVEL: 'info' })
    const local = await startApp(config)
    try {
      const logged = vi.spyOn(console, 'log').mockImplementation(() => {})
      const [job] = await enqueueMail(local.database.db, {
        to: 'anna@example.com',
        template: 'verify-email',
        props: { token: 'outbox-token', firstName: 'Anna' },
      })
      const link = `${local.url}/verify-email?token=outbox-token`

      let files: string[] = []
      for (let i = 0; i < 250 && files.length === 0; i++) {
        files = (await readdir(config.MAIL_DIR).catch(() => [])).filter((name) => name.endsWith('.eml'))
        if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(new RegExp(`^\\d{8}T\\d{6}Z-job-${job!.id}\\.eml$`))

      const [mail] = await readOutbox(config.MAIL_DIR)
      expect(mail!.from?.value).toEqual([{ name: 'Covenant', address: 'hello@localhost' }])
      expect(mail!.messageId).toBe(`<job-${job!.id}@localhost>`)
      expect(mail!.html).toContain('Confirm my email')
      expect(linksIn(mail!)).toContain(link)

      const line = logged.mock.calls.flatMap(([text]) => String(text).split('\n')).find((text) => text.includes('outbox'))
      expect(JSON.parse(line!)).toMatchObject({ level: 'info', to: '[email]', links: [link] })
      expect(line).not.toContain('anna@example.com')

      for (const path of [`/${files[0]}`, `/mail/${files[0]}`, `/data/mail/${files[0]}`, `/../mail/${files[0]}`]) {
        const reply = await rawGet(local.url, path)
        expect(reply.body).not.toContain('outbox-token')
      }
    } finally {
      await local.close()
    }
  })
})
