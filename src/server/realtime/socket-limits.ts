import type { RawData, WebSocket } from 'ws'
import { LimitReachedError, publicErrorMessage, toTRPCError } from '#server/errors.ts'
import { logger } from '#server/log.ts'
import type { ConnectionState } from '#server/trpc/context.ts'

/** A frame larger than this closes the socket (1009). */
export const MAX_FRAME_BYTES = 64 * 1024
/** Open sockets on each path for one member (tabs and devices), or for one address without a session. */
export const MAX_SOCKETS_PER_MEMBER = 10
export const MAX_SOCKETS_PER_ADDRESS = 10
/** Live subscriptions one tRPC socket may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 10
/** Calls in one tRPC batch, over HTTP or a socket frame (the client's batch link uses the same number). */
export const MAX_BATCH_SIZE = 20
/** A socket may send bursts of this many frames (a batch counts each call), refilled at this rate per second. */
const BURST = 20
const PER_SECOND = 10
/** Past this many refused frames the sender is flooding: the socket is closed. */
const FLOOD_LIMIT = 100

const TOO_MANY_SUBSCRIPTIONS = 'Too many live feeds on one connection.'

/** One of the socket's subscription slots, taken before anything is awaited so a burst cannot overshoot; returns the way to give it back. */
export function holdSubscription(connection: ConnectionState | null) {
  if (!connection) return () => {}
  if (connection.openSubscriptions >= MAX_SUBSCRIPTIONS_PER_SOCKET) throw new LimitReachedError(TOO_MANY_SUBSCRIPTIONS, 1)
  connection.openSubscriptions++
  return () => void connection.openSubscriptions--
}

const SENDING_TOO_QUICKLY = 'You are sending messages too quickly. Please slow down.'

/** A token bucket per socket: `take(n)` is false when the sender is over its rate. */
function frameBudget() {
  let tokens = BURST
  let refilledAt = Date.now()
  let refused = 0
  return {
    take(count = 1) {
      const now = Date.now()
      tokens = Math.min(BURST, tokens + ((now - refilledAt) / 1000) * PER_SECOND)
      refilledAt = now
      if (tokens >= count) {
        tokens -= count
        return true
      }
      refused++
      return false
    },
    get flooding() {
      return refused > FLOOD_LIMIT
    },
  }
}

/** The spec socket's `error` frame for anything a frame's handling threw: the same words as HTTP, never internals. */
export function socketErrorFrame(error: unknown) {
  const mapped = toTRPCError(error)
  if (mapped.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: mapped.cause ?? error }, 'socket frame failed')
  return { type: 'error', message: publicErrorMessage(mapped) }
}

const BATCH_FRAME = /^\s*\[/

/**
 * How many calls a tRPC frame carries: a batch is a JSON array, counted; anything else is one call
 * (tRPC refuses it if it is not one), and is left for tRPC to parse rather than parsed twice.
 */
function callsIn(frame: string): number {
  if (!BATCH_FRAME.test(frame)) return 1
  try {
    const parsed: unknown = JSON.parse(frame)
    return Array.isArray(parsed) ? parsed.length : 1
  } catch {
    return 1
  }
}

/** Frames pass `admit` before any listener sees them (tRPC's handler attaches its own, which cannot be told to skip one). */
function gateFrames(ws: WebSocket, admit: (data: RawData) => boolean) {
  const emit = ws.emit.bind(ws)
  ws.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'message' && !admit(args[0] as RawData)) return false
    return emit(event, ...args)
  }) as typeof ws.emit
}

/**
 * A tRPC socket's batch over MAX_BATCH_SIZE, or a sender over its rate, closes the socket: the tRPC
 * protocol has no frame that says "slow down", and our client reconnects on its own. The keep-alive's PONG is free.
 */
export function gateTrpcFrames(ws: WebSocket) {
  const budget = frameBudget()
  gateFrames(ws, (data) => {
    const frame = data.toString()
    if (frame === 'PONG') return true
    const calls = callsIn(frame)
    if (calls <= MAX_BATCH_SIZE && budget.take(calls)) return true
    ws.close(1008, calls > MAX_BATCH_SIZE ? 'Batch too large' : 'Too many messages')
    return false
  })
}

/** The spec socket's frames over the rate get an `error` frame; a sender that keeps flooding is cut off. */
export function gateMessagingFrames(ws: WebSocket) {
  const budget = frameBudget()
  gateFrames(ws, () => {
    if (budget.take()) return true
    if (budget.flooding) ws.close(1008, 'Too many messages')
    else ws.send(JSON.stringify({ type: 'error', message: SENDING_TOO_QUICKLY }))
    return false
  })
}
