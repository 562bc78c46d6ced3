import { TRPCError } from '@trpc/server'
import { describe, expect, it, vi } from 'vitest'
import {
  BUSY_MESSAGE,
  ConflictError,
  ForbiddenError,
  fieldErrors,
  GENERIC_ERROR_MESSAGE,
  httpErrorReply,
  InvalidInputError,
  LimitReachedError,
  NotFoundError,
  TooLargeError,
  toTRPCError,
  UNREADABLE_REQUEST,
  UnavailableError,
  UnsupportedTypeError,
} from '#server/errors.ts'
import { socketErrorFrame } from '#server/realtime/socket-limits.ts'

const cases = [
  ['not found', new NotFoundError('That event no longer exists.'), 'NOT_FOUND', 404],
  ['forbidden', new ForbiddenError('Only the organizer can change this event.'), 'FORBIDDEN', 403],
  ['conflict', new ConflictError('This event is full.'), 'CONFLICT', 409],
  ['invalid input', new InvalidInputError('Please choose a date and time'), 'BAD_REQUEST', 400],
  ['limit reached', new LimitReachedError('Please slow down.', 42), 'TOO_MANY_REQUESTS', 429],
  ['too large', new TooLargeError(), 'PAYLOAD_TOO_LARGE', 413],
  ['unsupported type', new UnsupportedTypeError('Please send JSON.'), 'UNSUPPORTED_MEDIA_TYPE', 415],
  ['busy or unavailable', new UnavailableError('Counseling is unavailable right now.'), 'SERVICE_UNAVAILABLE', 503],
] as const

describe('one mapping from domain errors', () => {
  it.each(cases)('%s: the same code, status and words for tRPC, HTTP and the spec socket', (_label, error, code, status) => {
    // As tRPC hands it over: wrapped in an INTERNAL_SERVER_ERROR whose cause is the domain error.
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error })
    for (const thrown of [error, wrapped]) {
      expect(toTRPCError(thrown).code).toBe(code)
      const reply = httpErrorReply(thrown)
      expect(reply.status).toBe(status)
      expect(reply.body).toEqual({ message: error.message })
      expect(reply.unexpected).toBeUndefined()
      expect(socketErrorFrame(thrown)).toEqual({ type: 'error', message: error.message })
    }
  })

  it('adds Retry-After to a limit, and nothing to other refusals', () => {
    expect(httpErrorReply(new LimitReachedError('Please slow down.', 42)).headers).toEqual({ 'Retry-After': '42' })
    expect(httpErrorReply(new ConflictError('Taken')).headers).toEqual({})
  })

  it('gives a form its field messages', () => {
    const error = toTRPCError(new InvalidInputError('Please check the form', { capacity: ['Capacity must be at least 2'] }))
    expect(fieldErrors(error)).toEqual({ capacity: ['Capacity must be at least 2'] })
  })

  it('answers a locked database as busy (503), not as a fault', () => {
    const locked = Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' })
    const reply = httpErrorReply(new Error('Failed query', { cause: locked }))
    expect(reply).toMatchObject({ status: 503, body: { message: BUSY_MESSAGE } })
  })

  it('turns anything else into a generic 500 whose words carry no internals, and logs it once', () => {
    const fault = new Error('near "selec": syntax error in SELECT * FROM users')
    const reply = httpErrorReply(fault)
    expect(reply).toMatchObject({ status: 500, body: { message: GENERIC_ERROR_MESSAGE }, unexpected: fault })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(socketErrorFrame(fault)).toEqual({ type: 'error', message: GENERIC_ERROR_MESSAGE })
    expect(logged).toHaveBeenCalledTimes(1)
    logged.mockRestore()
  })
})

describe('a request the parser could not read', () => {
  it("answers in our words, not the parser's", () => {
    const parserFailure = new TRPCError({
      code: 'BAD_REQUEST',
      cause: new TypeError("Cannot destructure property 'json' of 'payload' as it is null."),
    })
    expect(httpErrorReply(parserFailure)).toMatchObject({ status: 400, body: { message: UNREADABLE_REQUEST } })
    expect(httpErrorReply(new TRPCError({ code: 'PARSE_ERROR', cause: new RangeError('Maximum call stack size exceeded') })).body).toEqual({
      message: UNREADABLE_REQUEST,
    })
    expect(httpErrorReply(new TRPCError({ code: 'BAD_REQUEST', message: 'Batch size too large' })).body).toEqual({
      message: 'Batch size too large',
    })
  })
})
