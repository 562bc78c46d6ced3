import type { Database } from '#db/client.ts'
import { unsubscribeToken } from '#server/auth/unsubscribe-tokens.ts'
import { enqueueJob, PermanentJobError } from '#server/jobs/queue.ts'
import type { JobHandler } from '#server/jobs/runner.ts'
import type { Mailer } from './mailer.ts'
import { type MailJob, type MailTemplateName, type MailTemplateProps, renderMail } from './templates.ts'

/**
 * Queues an email: await it, or put it in the batch of the change that sends it, so the email
 * exists exactly when the change does. Never sends inside the request.
 */
export function enqueueMail<T extends MailTemplateName>(
  db: Pick<Database, 'insert'>,
  mail: { to: string; template: T; props: MailTemplateProps[T]; unsubscribe?: MailJob['unsubscribe'] },
) {
  return enqueueJob(db, { kind: 'mail', payload: mail as MailJob })
}

/** `<job-<id>@<sender's domain>>`: every try of one job carries the same Message-ID. */
function messageIdFor(jobId: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<job-${jobId}@${domain}>`
}

/** Renders and sends; a mail server's permanent refusal (5xx) ends the job instead of retrying it. */
export function createMailHandler(deps: { mailer: Mailer; from: string; publicUrl: string; secret?: string }): JobHandler<MailJob> {
  return async (mail, job) => {
    const links = mail.unsubscribe ? unsubscribeLinks(deps, mail.unsubscribe) : undefined
    const rendered = await renderMail(mail.template, mail.props, { publicUrl: deps.publicUrl, unsubscribeUrl: links?.page })
    const headers = links && { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    try {
      await deps.mailer.send({ to: mail.to, ...rendered, headers, messageId: messageIdFor(job.id, deps.from), date: job.createdAt })
    } catch (err) {
      if ((err as { permanent?: boolean }).permanent === true) throw new PermanentJobError((err as Error).message, { cause: err })
      throw err
    }
  }
}

/**
 * The page a member opens from the email (`/unsubscribe?token=…`, which posts the token) and the
 * address a mail client posts to for one-click unsubscribe (RFC 8058), both carrying one signed token.
 */
function unsubscribeLinks(deps: { publicUrl: string; secret?: string }, unsubscribe: NonNullable<MailJob['unsubscribe']>) {
  if (!deps.secret) throw new PermanentJobError('APP_SECRET is not set: an email with an unsubscribe link cannot be signed')
  const token = encodeURIComponent(unsubscribeToken(deps.secret, unsubscribe.userId, unsubscribe.category))
  const base = deps.publicUrl.replace(/\/+$/, '')
  return { page: `${base}/unsubscribe?token=${token}`, oneClick: `${base}/api/notifications/unsubscribe?token=${token}` }
}
