import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import type { Config } from '#server/env.ts'
import { logger } from '#server/log.ts'

/** One rendered email, ready to go. */
interface OutgoingMail {
  to: string
  subject: string
  html: string
  text: string
  /** `<…@…>`, the same on every try of one email, so a resend after a crash is recognisable. */
  messageId: string
  date: Date
  /** The links in the email, printed to the log when the email goes to the outbox. */
  links: string[]
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>
}

export interface Mailer {
  /** `smtp` with SMTP_URL; `outbox` writes .eml files under MAIL_DIR. */
  readonly mode: 'smtp' | 'outbox'
  /** Resolves once the mail server accepted the email (or the file is written); rejects with the server's error. */
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export type MailerConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_DIR'>

/** A silent or stalled mail server fails the send in about a minute; the job is then retried. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }

export function createMailer(config: MailerConfig): Mailer {
  return config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(config.MAIL_DIR, config.MAIL_FROM)
}

function fields(mail: OutgoingMail) {
  return {
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    date: mail.date,
    headers: mail.headers,
  }
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport({ url, ...SMTP_TIMEOUTS }, { from })
  return {
    mode: 'smtp',
    async send(mail) {
      await transport.sendMail(fields(mail))
      logger.info({ messageId: mail.messageId }, 'email sent')
    },
    close: () => transport.close(),
  }
}

/**
 * Without a mail server each email becomes an .eml file (the exact bytes SMTP would carry, which
 * any mail program opens) named after its Message-ID, so a retry rewrites the same file. The
 * folder is outside the client folder: nothing under it is ever served over HTTP.
 */
function outboxMailer(dir: string, from: string): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from })
  return {
    mode: 'outbox',
    async send(mail) {
      const info = await transport.sendMail(fields(mail))
      await mkdir(dir, { recursive: true })
      const file = join(dir, outboxFileName(mail))
      await writeFile(`${file}.tmp`, info.message as Buffer)
      await rename(`${file}.tmp`, file)
      logger.info({ to: mail.to, subject: mail.subject, file, links: mail.links }, 'email written to the outbox (no SMTP_URL set)')
    },
    close: () => transport.close(),
  }
}

/** `20260101T120000Z-<message id>.eml`: sorted by time in a file listing. */
function outboxFileName(mail: OutgoingMail) {
  const stamp = mail.date.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')
  const id = mail.messageId
    .replace(/^<|>$/g, '')
    .split('@')[0]!
    .replace(/[^A-Za-z0-9_-]/g, '_')
  return `${stamp}-${id}.eml`
}
