import type { TRPCRouterRecord } from '@trpc/server'
import {
  downloadSabbathResource,
  listProgramSignups,
  listSabbathEvents,
  listSabbathResources,
  setEventSignup,
  setProgramSignup,
} from '#server/services/sabbath.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import {
  SabbathAttendanceInput,
  SabbathDownloadInput,
  SabbathEventsInput,
  SabbathProgramSignupInput,
  SabbathReminderInput,
} from '#shared/schemas/sabbath.ts'

export const sabbathRouter = {
  events: protectedProcedure.input(SabbathEventsInput).query(({ ctx, input }) => listSabbathEvents(ctx.db, ctx.user.id, input.timezone)),

  setAttendance: protectedProcedure
    .input(SabbathAttendanceInput)
    .mutation(({ ctx, input }) => setEventSignup(ctx.db, ctx.user.id, input.eventId, 'attend', input.attending)),

  setReminder: protectedProcedure
    .input(SabbathReminderInput)
    .mutation(({ ctx, input }) => setEventSignup(ctx.db, ctx.user.id, input.eventId, 'remind', input.remind, { timeZone: input.timezone })),

  programs: protectedProcedure.query(({ ctx }) => listProgramSignups(ctx.db, ctx.user.id)),

  setProgramSignup: protectedProcedure
    .input(SabbathProgramSignupInput)
    .mutation(({ ctx, input }) => setProgramSignup(ctx.db, ctx.user.id, input.program, input.signedUp, { timeZone: input.timezone })),

  resources: protectedProcedure.query(({ ctx }) => listSabbathResources(ctx.db)),

  /** A mutation because it counts the download; REST serves its result as a file (GET .../download). */
  download: protectedProcedure
    .input(SabbathDownloadInput)
    .mutation(({ ctx, input }) => downloadSabbathResource(ctx.db, ctx.user.id, input.resourceId)),
} satisfies TRPCRouterRecord
