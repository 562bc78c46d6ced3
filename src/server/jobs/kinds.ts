import type { MailJob } from '#server/mail/templates.ts'

/** The maintenance job carries nothing: what it prunes is decided by the steps it was built with. */
export type MaintenancePayload = Record<string, never>

/**
 * Every job kind and its payload (JSON). A new kind: a line here, then its handler in
 * `app-runner.ts`, which does not compile until every kind has one.
 */
export interface JobPayloads {
  mail: MailJob
  maintenance: MaintenancePayload
}
