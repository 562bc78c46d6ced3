import type { Database } from '#db/client.ts'
import { logger } from '#server/log.ts'
import { sweepBilling } from '#server/services/billing.ts'
import type { JobHandler } from './runner.ts'

/** Often enough that a plan ends or renews within minutes of its period's end. */
export const BILLING_SWEEP_EVERY_MS = 10 * 60_000

/** Renewals, period ends and lapsed graces (services/billing.ts sweepBilling); each run is safe to repeat. */
export function createBillingSweepHandler(db: Database, clock: () => Date = () => new Date()): JobHandler<Record<string, never>> {
  return async () => {
    const changed = await sweepBilling(db, clock())
    if (changed.ended || changed.lapsed || changed.renewed) logger.info(changed, 'billing sweep')
  }
}
