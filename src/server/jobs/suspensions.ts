import type { Database } from '#db/client.ts'
import { logger } from '#server/log.ts'
import { liftSuspensions } from '#server/services/moderation.ts'
import type { JobHandler } from './runner.ts'

/** Often enough that a suspended member is back in Discover within minutes of its end. */
export const SUSPENSION_SWEEP_EVERY_MS = 10 * 60_000

/** Ends the suspensions whose time is up; safe to repeat. */
export function createSuspensionSweepHandler(db: Database, clock: () => Date = () => new Date()): JobHandler<Record<string, never>> {
  return async () => {
    const lifted = await liftSuspensions(db, clock())
    if (lifted > 0) logger.info({ lifted }, 'suspensions ended')
  }
}
