import type { Database } from '#db/client.ts'
import type { Config } from '#server/env.ts'
import { createMailHandler } from '#server/mail/mail-job.ts'
import { createMailer } from '#server/mail/mailer.ts'
import { type Bus, createLocalBus } from '#server/realtime/bus.ts'
import { createMessageDigestHandler, createNotificationEmailHandler } from './away-emails.ts'
import { BILLING_SWEEP_EVERY_MS, createBillingSweepHandler, createStripeCancelHandler } from './billing.ts'
import type { JobPayloads } from './kinds.ts'
import { createMaintenanceHandler, MAINTENANCE_EVERY_MS, pruneSteps } from './maintenance.ts'
import { createEventReminderHandler, createProgramReminderHandler, createSabbathReminderHandler } from './reminders.ts'
import { createJobRunner, type JobHandlers, type JobRunner, type JobRunnerOptions } from './runner.ts'
import { createSuspensionSweepHandler, SUSPENSION_SWEEP_EVERY_MS } from './suspensions.ts'

/**
 * The product's runner: mail, reminders, the hourly maintenance, the billing and suspension sweeps, the same inside the app process and in
 * `npm run jobs`. Stopping it waits for the job in flight, then closes the mail transport.
 * `bus` carries the notifications reminders make to members' sockets (the app's own bus in process).
 */
export function createAppJobRunner(
  deps: { db: Database; config: Config; publicUrl: string; bus?: Bus },
  options: Omit<JobRunnerOptions<JobPayloads>, 'db' | 'handlers' | 'recurring'> = {},
): JobRunner {
  const { db, config } = deps
  const mailer = createMailer(config)
  const bus = deps.bus ?? createLocalBus()
  const clock = options.clock ?? (() => new Date())
  const handlers: JobHandlers<JobPayloads> = {
    mail: createMailHandler({ mailer, from: config.MAIL_FROM, publicUrl: deps.publicUrl, secret: config.APP_SECRET }),
    maintenance: createMaintenanceHandler(db, pruneSteps(config), options.clock),
    'notification-email': createNotificationEmailHandler(db, clock),
    'message-digest': createMessageDigestHandler(db, clock),
    'sabbath-reminder': createSabbathReminderHandler(db, bus, clock),
    'event-reminder': createEventReminderHandler(db, bus, clock),
    'program-reminder': createProgramReminderHandler(db, bus, clock),
    'billing-sweep': createBillingSweepHandler(db, clock),
    'stripe-cancel': createStripeCancelHandler(config),
    'suspension-sweep': createSuspensionSweepHandler(db, clock),
  }
  const runner = createJobRunner({
    db,
    handlers,
    recurring: [
      { kind: 'maintenance', everyMs: MAINTENANCE_EVERY_MS, payload: {} },
      { kind: 'billing-sweep', everyMs: BILLING_SWEEP_EVERY_MS, payload: {} },
      { kind: 'suspension-sweep', everyMs: SUSPENSION_SWEEP_EVERY_MS, payload: {} },
    ],
    ...options,
  })
  return {
    ...runner,
    async stop() {
      await runner.stop()
      mailer.close()
    },
  }
}
