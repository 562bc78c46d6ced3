import type { MailJob } from '#server/mail/templates.ts'
import type { SabbathProgram } from '#shared/schemas/sabbath.ts'

/** The maintenance job carries nothing: what it prunes is decided by the steps it was built with. */
export type MaintenancePayload = Record<string, never>

/**
 * Every job kind and its payload (JSON). A new kind: a line here, then its handler in
 * `app-runner.ts`, which does not compile until every kind has one.
 */
export interface JobPayloads {
  mail: MailJob
  maintenance: MaintenancePayload
  /** Decides, when it runs, whether a member away gets an email about this notification. */
  'notification-email': { notificationId: string }
  /** A conversation's unread messages, emailed once to a member away (at most once per few hours). */
  'message-digest': { userId: string; conversationId: string }
  /** "Remind Me" on a weekly Sabbath gathering: this occurrence, told in the member's zone. */
  'sabbath-reminder': { userId: string; eventId: string; timeZone: string; startsAt: number }
  /** "Set Reminder" on a weekly Sabbath program (Vespers): this occurrence, at the program's time in the member's zone. */
  'program-reminder': { userId: string; program: SabbathProgram; timeZone: string; startsAt: number }
  /** The day before a community event the member is attending. */
  'event-reminder': { userId: string; eventId: string }
  /** Ends, renews and lapses subscriptions whose time has come (recurring, like maintenance). */
  'billing-sweep': Record<string, never>
  /** A Stripe subscription nobody pays for any more: its member deleted their account, or its failed payment's grace ran out. */
  'stripe-cancel': { subscriptionId: string }
  /** Ends suspensions whose time is up (recurring). */
  'suspension-sweep': Record<string, never>
}
