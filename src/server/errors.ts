import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { ZodError } from 'zod'

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.'
export const BUSY_MESSAGE = 'Covenant is busy right now. Please try again in a moment.'

/**
 * The product's one error vocabulary. Services, the HTTP edge and the sockets throw these; one
 * table below turns each kind into a tRPC code, and tRPC's own table turns that into an HTTP status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: TRPCError['code'],
    message: string,
  ) {
    super(message)
  }
}

export class InvalidInputError extends DomainError {
  constructor(
    message: string,
    /** Messages by field name, for the form that sent them. */
    readonly fields?: Record<string, string[]>,
  ) {
    super('BAD_REQUEST', message)
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super('NOT_FOUND', message)
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super('FORBIDDEN', message)
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('CONFLICT', message)
  }
}

/** A quota or rate reached; the client may try again after `retryAfterSeconds`. */
export class LimitReachedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('TOO_MANY_REQUESTS', message)
  }
}

export class TooLargeError extends DomainError {
  constructor(message = 'The request is too large.') {
    super('PAYLOAD_TOO_LARGE', message)
  }
}

export class UnsupportedTypeError extends DomainError {
  constructor(message: string) {
    super('UNSUPPORTED_MEDIA_TYPE', message)
  }
}

/** A dependency that is busy or not configured: a temporary refusal (503), not a server fault. */
export class UnavailableError extends DomainError {
  constructor(message = BUSY_MESSAGE) {
    super('SERVICE_UNAVAILABLE', message)
  }
}

/** SQLITE_BUSY somewhere in the cause chain (drizzle wraps the driver's error). */
function isDatabaseBusy(error: unknown): boolean {
  let current = error
  for (let depth = 0; current && depth < 8; depth++, current = (current as { cause?: unknown }).cause) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (code === 'SQLITE_BUSY' || (typeof message === 'string' && message.includes('database is locked'))) return true
  }
  return false
}

/** Any thrown value as the error a client is told about: domain errors keep their code and words, the rest is generic. */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) {
    if (error.code === 'INTERNAL_SERVER_ERROR' && error.cause && !(error.cause instanceof ZodError)) {
      const inner = toTRPCError(error.cause)
      if (inner.code !== 'INTERNAL_SERVER_ERROR') return inner
    }
    return error
  }
  if (error instanceof DomainError) return new TRPCError({ code: error.code, message: error.message, cause: error })
  if (error instanceof ZodError) return new TRPCError({ code: 'BAD_REQUEST', cause: error })
  if (isDatabaseBusy(error)) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: BUSY_MESSAGE, cause: error as Error })
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error instanceof Error ? error : undefined })
}

/** What a client may read of an error: validation messages and our own words, never SQL or stacks. */
export function publicErrorMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? 'Invalid input'
  if (error.code === 'INTERNAL_SERVER_ERROR') return GENERIC_ERROR_MESSAGE
  // A body the parser or transformer choked on: its own error's words are not ours to repeat.
  const unreadable = (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') && error.cause && !(error.cause instanceof DomainError)
  return unreadable ? UNREADABLE_REQUEST : error.message
}

export const UNREADABLE_REQUEST = 'The request could not be read.'

export function fieldErrors(error: TRPCError): Record<string, string[]> | undefined {
  if (error.cause instanceof InvalidInputError) return error.cause.fields
  if (!(error.cause instanceof ZodError)) return undefined
  const fields: Record<string, string[]> = {}
  for (const issue of error.cause.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] = [...(fields[key] ?? []), issue.message]
  }
  return fields
}

/** Headers a refusal carries to an HTTP client (Retry-After on a limit). */
export function errorHeaders(error: TRPCError): Record<string, string> {
  return error.cause instanceof LimitReachedError ? { 'Retry-After': String(error.cause.retryAfterSeconds) } : {}
}

/** The one mapping at the HTTP edge: status, public body and headers for any thrown value. */
export function httpErrorReply(error: unknown) {
  const trpcError = toTRPCError(error)
  return {
    status: getHTTPStatusCodeFromError(trpcError),
    body: { message: publicErrorMessage(trpcError) },
    headers: errorHeaders(trpcError),
    /** Only faults of ours are worth a log line with a stack. */
    unexpected: trpcError.code === 'INTERNAL_SERVER_ERROR' ? (trpcError.cause ?? error) : undefined,
  }
}
