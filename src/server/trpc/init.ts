import { initTRPC, TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc'
import type { Config } from '#server/env.ts'
import { errorHeaders, fieldErrors, LimitReachedError, publicErrorMessage, toTRPCError } from '#server/errors.ts'
import { hitLimit, hitLimitLeased, type Limit } from '#server/services/rate-limit.ts'
import type { Context } from './context.ts'
import { transformer } from './transformer.ts'

const t = initTRPC.context<Context>().create({
  transformer,
  isDev: false,
  // Live feeds only over the socket, where each connection's subscriptions are counted and capped.
  sse: { enabled: false },
  errorFormatter({ shape, error }) {
    // Errors a subscription throws after it started reach here without passing the middleware below.
    const mapped = toTRPCError(error)
    return {
      ...shape,
      code: TRPC_ERROR_CODES_BY_KEY[mapped.code],
      message: publicErrorMessage(mapped),
      data: { code: mapped.code, httpStatus: getHTTPStatusCodeFromError(mapped), fieldErrors: fieldErrors(mapped) },
    }
  },
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/** Domain errors keep their code, and a limit adds Retry-After: the one mapping every procedure's errors pass. */
function mapped(ctx: Context, failure: unknown): never {
  const error = toTRPCError(failure)
  for (const [name, value] of Object.entries(errorHeaders(error))) ctx.responseHeaders.append(name, value)
  throw error
}

export const publicProcedure = t.procedure.use(async ({ ctx, next }) => {
  const result = await next()
  return result.ok ? result : mapped(ctx, result.error)
})

/**
 * Narrows `ctx.user` to a signed-in member; routers never check for a session again. tRPC lays the
 * given fields over the context itself, so only the narrowed one is passed. The error mapping is
 * in the same step rather than a step before it: each step costs tRPC copies of the call's options,
 * and most calls are a member's.
 */
export const protectedProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' })
  const result = await next({ ctx: { user: ctx.user } })
  return result.ok ? result : mapped(ctx, result.error)
})

export interface RateLimitRule {
  /** The counter's name; a member's id or the caller's address is added to it. */
  name: string
  /** Counted per signed-in member, or per network address (visitors and sign-in attempts). */
  per: 'member' | 'address'
  limit: (config: Config) => Limit
  message: string
  /** Calls that cost nothing worth limiting pass uncounted. */
  appliesTo?: (ctx: Context) => boolean
  /** Counted in leases of several hits per process (`hitLimitLeased`): for a limit nearly every request counts against. */
  leased?: boolean
}

/** Counts one call against the rule's window, for the signed-in member or the caller's address. */
export function countCall(ctx: Context, rule: RateLimitRule) {
  const who = rule.per === 'member' && ctx.user ? ctx.user.id : ctx.clientIp
  return (rule.leased ? hitLimitLeased : hitLimit)(ctx.db, `${rule.name}:${who}`, rule.limit(ctx.config))
}

/** A procedure step that counts each call against a window shared by every app process (docs/decisions/004). */
export function rateLimit(rule: RateLimitRule) {
  return t.middleware(async ({ ctx, next }) => {
    if (rule.appliesTo && !rule.appliesTo(ctx)) return next()
    const result = await countCall(ctx, rule)
    if (!result.allowed) throw new LimitReachedError(rule.message, result.retryAfterSeconds)
    return next()
  })
}

export const VISITING_TOO_FAST = 'Too many requests from your network. Please wait a moment and try again.'

/**
 * Procedures any visitor can call, counted per address in this process's memory: a flood from a
 * stranger costs no database write. Windows are dropped once past, so the map stays small.
 */
function addressBudget() {
  const windows = new Map<string, { start: number; count: number }>()
  return t.middleware(({ ctx, next }) => {
    const now = Date.now()
    const windowMs = 60_000
    let window = windows.get(ctx.clientIp)
    if (!window || now - window.start >= windowMs) {
      if (windows.size > 10_000) for (const [address, old] of windows) if (now - old.start >= windowMs) windows.delete(address)
      window = { start: now, count: 0 }
      windows.set(ctx.clientIp, window)
    }
    if (++window.count > ctx.config.PUBLIC_REQUESTS_PER_MINUTE) {
      throw new LimitReachedError(VISITING_TOO_FAST, Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)))
    }
    return next()
  })
}

export const visitorProcedure = publicProcedure.use(addressBudget())
