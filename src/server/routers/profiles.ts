import type { TRPCRouterRecord } from '@trpc/server'
import { DiscoverInput, MemberInput } from '#shared/schemas/members.ts'
import { tooManyRequests } from '#server/errors.ts'
import { discover } from '#server/services/discover.ts'
import { publicProfile } from '#server/services/public-profiles.ts'
import { hitLimit } from '#server/services/rate-limit.ts'
import { protectedProcedure } from '#server/trpc/init.ts'

export const BROWSING_TOO_FAST = 'You are browsing very quickly. Please wait a moment and try again.'

/** Discover pages and profile views share one per-member budget: generous for people, tight for scrapers. */
const browsingProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  const limited = await hitLimit(ctx.db, `browse:${ctx.user.id}`, { max: ctx.config.BROWSE_REQUESTS_PER_MINUTE, windowMs: 60_000 })
  if (!limited.allowed) throw tooManyRequests(BROWSING_TOO_FAST, limited.retryAfterSeconds, ctx.responseHeaders)
  return next()
})

/** Other members' profiles (the member's own is the `profile` router). */
export const profilesRouter = {
  discover: browsingProcedure.input(DiscoverInput).query(({ ctx, input }) => discover(ctx.db, ctx.user.id, input)),

  byId: browsingProcedure.input(MemberInput).query(({ ctx, input }) => publicProfile(ctx.db, ctx.user.id, input.userId)),
} satisfies TRPCRouterRecord
