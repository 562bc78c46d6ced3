import { TRPCError } from '@trpc/server'
import { isModerator, NOT_A_REVIEWER } from '#server/services/verification.ts'
import { protectedProcedure } from './init.ts'

/** Signed in and holding the moderator role (read fresh from the database on every call). */
export const moderatorProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  if (!(await isModerator(ctx.db, ctx.user.id))) throw new TRPCError({ code: 'FORBIDDEN', message: NOT_A_REVIEWER })
  return next()
})
