import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import { fieldErrors, publicErrorMessage } from '#server/errors.ts'
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
export const publicProcedure = t.procedure

/** Narrows `ctx.user` to a signed-in member; routers never check for a session again. */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})
