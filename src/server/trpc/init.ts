import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import { fieldErrors, isDatabaseBusy, publicErrorMessage } from '#server/errors.ts'
import type { Context } from './context.ts'

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  isDev: false,
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      message: publicErrorMessage(error),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors: fieldErrors(error) },
    }
  },
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/** A database still locked after its busy timeout is a temporary refusal (503), not a server fault. */
export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next()
  if (!result.ok && isDatabaseBusy(result.error.cause)) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Covenant is busy right now. Please try again in a moment.' })
  }
  return result
})

/** Narrows `ctx.user` to a signed-in member; routers never check for a session again. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})
