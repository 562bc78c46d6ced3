import { readdir, readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface SmtpTestServer {
  /** `smtp://user:pass@127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string
  /** Every email accepted so far, parsed, in order of arrival. */
  messages: ParsedMail[]
  /** The first email (already here or still to come) that matches; rejects after `timeoutMs`. */
  waitForMail(predicate?: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>
  close(): Promise<void>
}

/**
 * A real SMTP server on loopback: any login is accepted, no TLS is offered (so nodemailer speaks
 * plain SMTP to it), and every message is parsed with mailparser.
 */
export async function startSmtpServer(): Promise<SmtpTestServer> {
  const messages: ParsedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anyone' }),
    onData(stream, _session, callback) {
      stream.on('error', callback)
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail)
          for (const wake of waiters) wake()
          callback()
        },
        (err: Error) => callback(err),
      )
    },
  })
  // A client that drops its connection is the client's business; nothing here may throw.
  server.on('error', () => {})
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo

  function waitForMail(predicate: (mail: ParsedMail) => boolean = () => true, timeoutMs = 10_000) {
    return new Promise<ParsedMail>((resolve, reject) => {
      const check = () => {
        const found = messages.find(predicate)
        if (!found) return
        clearTimeout(timer)
        waiters.delete(check)
        resolve(found)
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`No matching email within ${timeoutMs} ms (${messages.length} received)`))
      }, timeoutMs)
      waiters.add(check)
      check()
    })
  }

  return {
    url: `smtp://covenant:secret@127.0.0.1:${port}`,
    messages,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Every distinct link of an email, from its HTML hrefs and its text part. */
export function linksIn(mail: ParsedMail): string[] {
  const html = typeof mail.html === 'string' ? mail.html : ''
  const fromHtml = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'))
  const fromText = [...(mail.text ?? '').matchAll(/https?:\/\/[^\s<>"\]]+/g)].map((match) => match[0])
  return [...new Set([...fromHtml, ...fromText])]
}

/** The emails in an outbox folder (MAIL_DIR without SMTP_URL), parsed, oldest first. */
export async function readOutbox(dir: string): Promise<ParsedMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort()
  return Promise.all(files.map(async (name) => simpleParser(await readFile(join(dir, name)))))
}
