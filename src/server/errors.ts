import { TRPCError } from '@trpc/server'
import { ZodError } from 'zod'

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.'

/** What a client may read of an error: validation messages and our own words, never SQL or stacks. */
export function publicErrorMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? 'Invalid input'
  if (error.code === 'INTERNAL_SERVER_ERROR') return GENERIC_ERROR_MESSAGE
  return error.message
}

export function fieldErrors(error: TRPCError): Record<string, string[]> | undefined {
  if (!(error.cause instanceof ZodError)) return undefined
  const fields: Record<string, string[]> = {}
  for (const issue of error.cause.issues) {
    const key = issue.path.join('.') || '_'
    ;(fields[key] ??= []).push(issue.message)
  }
  return fields
}

export function tooManyRequests(message: string, retryAfterSeconds: number, headers: { append(n: string, v: string): void }) {
  headers.append('Retry-After', String(retryAfterSeconds))
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message })
}

/** SQLITE_BUSY somewhere in the cause chain (drizzle wraps the driver's error). */
export function isDatabaseBusy(error: unknown): boolean {
  let current = error
  for (let depth = 0; current && depth < 8; depth++, current = (current as { cause?: unknown }).cause) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (code === 'SQLITE_BUSY' || (typeof message === 'string' && message.includes('database is locked'))) return true
  }
  return false
}
