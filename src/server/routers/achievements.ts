import type { TRPCRouterRecord } from '@trpc/server'
import { z } from 'zod'
import {
  acknowledgeAchievements,
  leaderboard,
  listAvailableAchievements,
  listUserAchievements,
  recordActivity,
  rewards,
  unseenAchievements,
} from '#server/services/achievements.ts'
import { protectedProcedure } from '#server/trpc/init.ts'

const AcknowledgeInput = z.object({ ids: z.array(z.string().min(1).max(64)).max(100) })

export const achievementsRouter = {
  /** The member's badges (the spec's `user` list). */
  user: protectedProcedure.query(({ ctx }) => listUserAchievements(ctx.db, ctx.user.id)),

  /** Badges not yet earned, with progress. */
  available: protectedProcedure.query(({ ctx }) => listAvailableAchievements(ctx.db, ctx.user.id)),

  rewards: protectedProcedure.query(({ ctx }) => rewards(ctx.db, ctx.user.id)),

  leaderboard: protectedProcedure.query(({ ctx }) => leaderboard(ctx.db, ctx.user.id)),

  /** Earned but not yet announced to the member. */
  unseen: protectedProcedure.query(({ ctx }) => unseenAchievements(ctx.db, ctx.user.id)),

  acknowledge: protectedProcedure
    .input(AcknowledgeInput)
    .mutation(({ ctx, input }) => acknowledgeAchievements(ctx.db, ctx.user.id, input.ids)),

  /** A visit today: keeps streaks and seasonal badges counting. Returns what it awarded. */
  checkIn: protectedProcedure.mutation(async ({ ctx }) => ({
    earned: await recordActivity(ctx.db, ctx.realtime.bus, ctx.user.id, 'visit'),
  })),
} satisfies TRPCRouterRecord
