import type { Database } from '#db/client.ts'
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
  mail: { to: string; template: T; props: MailTemplateProps[T] },
) {
  return enqueueJob(db, { kind: 'mail', payload: mail as MailJob })
}

/** `<job-<id>@<sender's domain>>`: every try of one job carries the same Message-ID. */
function messageIdFor(jobId: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<job-${jobId}@${domain}>`
}

/** Renders and sends; a mail server's permanent refusal (5xx) ends the job instead of retrying it. */
export function createMailHandler(deps: { mailer: Mailer; from: string; publicUrl: string }): JobHandler<MailJob> {
  return async (mail, job) => {
    const rendered = await renderMail(mail.template, mail.props, { publicUrl: deps.publicUrl })
    try {
      await deps.mailer.send({ to: mail.to, ...rendered, messageId: messageIdFor(job.id, deps.from), date: job.createdAt })
    } catch (err) {
      if ((err as { permanent?: boolean }).permanent === true) throw new PermanentJobError((err as Error).message, { cause: err })
      throw err
    }
  }
}
