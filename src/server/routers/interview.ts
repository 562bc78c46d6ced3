import type { TRPCRouterRecord } from '@trpc/server'
import { answerQuestion, interviewAnswersOf, interviewStatus, startInterview } from '#server/services/interview.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { InterviewResponseInput, StartInterviewInput } from '#shared/schemas/interview.ts'

export const interviewRouter = {
  status: protectedProcedure.query(({ ctx }) => interviewStatus(ctx.db, ctx.user.id)),
  start: protectedProcedure.input(StartInterviewInput).mutation(({ ctx, input }) => startInterview(ctx.db, ctx.user.id, input)),
  respond: protectedProcedure
    .input(InterviewResponseInput)
    .mutation(({ ctx, input }) => answerQuestion(ctx.db, ctx.realtime.bus, ctx.user.id, input)),
  answers: protectedProcedure.query(({ ctx }) => interviewAnswersOf(ctx.db, ctx.user.id)),
} satisfies TRPCRouterRecord
