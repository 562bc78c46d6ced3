import type { TRPCRouterRecord } from '@trpc/server'
import { sql } from 'drizzle-orm'
import { visitorProcedure } from '#server/trpc/init.ts'

export const systemRouter = {
  /** For load balancers and the test harness: the process is up and the database answers. */
  health: visitorProcedure.query(async ({ ctx }) => {
    await ctx.db.run(sql`select 1`)
    return { status: 'ok' as const }
  }),
} satisfies TRPCRouterRecord
