import type { MailJob } from '#server/mail/mail-job.ts'
import type { MaintenancePayload } from './maintenance.ts'

/**
 * Every job kind and its payload (JSON). A new kind: a line here, then its handler in
 * `app-runner.ts`, which does not compile until every kind has one.
 */
export interface JobPayloads {
  mail: MailJob
  maintenance: MaintenancePayload
}
