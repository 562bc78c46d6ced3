import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { TRPCError } from '@trpc/server'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { z, ZodError } from 'zod'
import { ConversationInput, PostMessageInput, TypingInput } from '#shared/schemas/messaging.ts'
import { GENERIC_ERROR_MESSAGE, publicErrorMessage } from '#server/errors.ts'
import { announceTyping, postMessage, readConversation } from '#server/routers/messaging.ts'
import { recordDelivery } from '#server/services/messaging.ts'
import { createContext, type Context, type ContextDeps } from '#server/trpc/context.ts'
import type { BusEvent } from './bus.ts'
import { refuseUpgrade } from './refuse-upgrade.ts'

/** A socket that does not answer a ping within this long is dropped. */
export const KEEP_ALIVE_MS = 30_000
/** One member may keep this many of the spec's sockets open (tabs and devices); more are refused. */
export const MAX_SOCKETS_PER_MEMBER = 10
/** A socket may send bursts of this many messages, refilled at this rate per second. */
const BURST = 20
const PER_SECOND = 10
/** Past this many refused messages the sender is flooding: the socket is closed. */
const FLOOD_LIMIT = 100

const AuthenticateFrame = z.object({ type: z.literal('authenticate'), userId: z.string().max(64) })
const IncomingFrame = z.discriminatedUnion('type', [
  AuthenticateFrame,
  PostMessageInput.extend({ type: z.literal('send_message') }),
  TypingInput.extend({ type: z.literal('typing') }),
  ConversationInput.extend({ type: z.literal('mark_read') }),
])

type Member = Context & { user: NonNullable<Context['user']> }

/** The spec's frame for a bus event. */
function outgoingFrame(event: BusEvent) {
  switch (event.type) {
    case 'message':
      return { type: 'message_received', conversationId: event.conversationId, message: event.message }
    case 'typing':
      return { type: 'typing_indicator', conversationId: event.conversationId, userId: event.userId, isTyping: event.isTyping }
    case 'read':
      return { type: 'message_read', conversationId: event.conversationId, readerId: event.readerId }
    case 'presence':
      return { type: event.online ? 'user_online' : 'user_offline', userId: event.userId }
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof ZodError) return error.issues[0]?.message ?? 'Invalid message'
  if (error instanceof TRPCError) return publicErrorMessage(error)
  console.error(error)
  return GENERIC_ERROR_MESSAGE
}

/**
 * `/ws/messaging`, the spec's JSON protocol over the same bus as the tRPC feed. The member is the
 * one whose session cookie came with the upgrade; an `authenticate` naming anyone else is refused.
 */
export function createMessagingSocket(deps: ContextDeps, maxFrameBytes: number) {
  const server = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes })
  const socketsByMember = new Map<string, Set<WebSocket>>()

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, accepted: (ws: WebSocket) => void) {
    const ctx = await createContext(deps, req).catch(() => null)
    if (!ctx?.user) return refuseUpgrade(socket, 401, 'Unauthorized')
    if ((socketsByMember.get(ctx.user.id)?.size ?? 0) >= MAX_SOCKETS_PER_MEMBER) return refuseUpgrade(socket, 429, 'Too Many Requests')
    server.handleUpgrade(req, socket, head, (ws) => {
      accepted(ws)
      serve(ws, ctx as Member)
    })
  }

  function serve(ws: WebSocket, ctx: Member) {
    const memberId = ctx.user.id
    const own = socketsByMember.get(memberId) ?? new Set()
    socketsByMember.set(memberId, own.add(ws))
    ctx.realtime.presence.connect(memberId)
    const send = (frame: object) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame))
    }

    const stop = new AbortController()
    void (async () => {
      for await (const event of ctx.realtime.bus.eventsFor(memberId, stop.signal)) {
        send(outgoingFrame(event))
        if (event.type === 'message' && event.message.senderId !== memberId) recordDelivery(ctx.db, event.message.id)
      }
    })()

    let tokens = BURST
    let refilledAt = Date.now()
    let refused = 0
    const allowed = () => {
      const now = Date.now()
      tokens = Math.min(BURST, tokens + ((now - refilledAt) / 1000) * PER_SECOND)
      refilledAt = now
      if (tokens < 1) return false
      tokens -= 1
      return true
    }

    ws.on('message', async (data: RawData, isBinary: boolean) => {
      if (!allowed()) {
        if (++refused > FLOOD_LIMIT) return ws.close(1008, 'Too many messages')
        return send({ type: 'error', message: 'You are sending messages too quickly. Please slow down.' })
      }
      try {
        if (isBinary) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Messages must be JSON text' })
        let json: unknown
        try {
          json = JSON.parse(data.toString())
        } catch {
          throw new TRPCError({ code: 'BAD_REQUEST', message: 'Messages must be JSON text' })
        }
        const frame = IncomingFrame.parse(json)
        switch (frame.type) {
          case 'authenticate':
            if (frame.userId !== memberId) {
              send({ type: 'error', message: 'This connection belongs to another member. Please sign in again.' })
              return ws.close(1008, 'Identity mismatch')
            }
            return
          case 'send_message': {
            const { type: _type, ...message } = frame
            await postMessage(ctx, message)
            return
          }
          case 'typing':
            return await announceTyping(ctx, frame.conversationId, frame.isTyping)
          case 'mark_read':
            await readConversation(ctx, frame.conversationId)
            return
        }
      } catch (error) {
        send({ type: 'error', message: errorMessage(error) })
      }
    })

    // Keep-alive: a socket that misses a pong is dropped, so vanished clients do not linger.
    let alive = true
    ws.on('pong', () => (alive = true))
    const keepAlive = setInterval(() => {
      if (!alive) return ws.terminate()
      alive = false
      ws.ping()
    }, KEEP_ALIVE_MS)

    // An oversized or broken frame: ws has already closed the socket (1009 / 1002); nothing else to do.
    ws.on('error', () => {})
    ws.once('close', () => {
      clearInterval(keepAlive)
      stop.abort()
      own.delete(ws)
      if (own.size === 0) socketsByMember.delete(memberId)
      ctx.realtime.presence.disconnect(memberId)
    })
  }

  return { server, handleUpgrade }
}
