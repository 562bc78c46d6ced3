import { createAppJobRunner } from '#server/jobs/app-runner.ts'
import type { contractHarness } from './contract.ts'

/** The product's job runner on a clock the test moves; `drain` runs every job due now and says how many. */
export function clockedRunner(h: Awaited<ReturnType<typeof contractHarness>>, start: Date) {
  let now = start
  const runner = createAppJobRunner(
    { db: h.db, config: h.config, publicUrl: 'http://covenant.test', bus: h.realtime.bus },
    { clock: () => now },
  )
  return {
    set: (at: Date) => {
      now = at
    },
    async drain() {
      let ran = 0
      while (await runner.runNext()) ran++
      return ran
    },
    stop: () => runner.stop(),
  }
}
