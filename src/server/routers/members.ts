import type { TRPCRouterRecord } from '@trpc/server'
import { discover } from '#server/services/discover.ts'
import { publicProfile } from '#server/services/public-profiles.ts'
import { protectedProcedure, rateLimit } from '#server/trpc/init.ts'
import { DiscoverInput, MemberInput } from '#shared/schemas/members.ts'

const BROWSING_TOO_FAST = 'You are browsing very quickly. Please wait a moment and try again.'

/**
 * Discover pages and profile views share one per-member budget: generous for people, tight for
 * scrapers. Leased, as nearly every page a member opens counts against it.
 */
const browsingProcedure = protectedProcedure.use(
  rateLimit({
    name: 'browse',
    per: 'member',
    limit: (config) => ({ max: config.BROWSE_REQUESTS_PER_MINUTE, windowMs: 60_000 }),
    message: BROWSING_TOO_FAST,
    leased: true,
  }),
)

/** Other members' profiles (the member's own is the `profile` router). */
export const membersRouter = {
  discover: browsingProcedure.input(DiscoverInput).query(({ ctx, input }) => discover(ctx.db, ctx.user, input)),

  byId: browsingProcedure.input(MemberInput).query(({ ctx, input }) => publicProfile(ctx.db, ctx.user.id, input.userId)),
} satisfies TRPCRouterRecord
