import type { WebSocket } from 'ws'
import { z } from 'zod'
import { InvalidInputError } from '#server/errors.ts'
import { recordDelivery } from '#server/services/messaging.ts'
import type { Context } from '#server/trpc/context.ts'
import { callProcedure, type ProcedurePath } from '#server/trpc/procedure-paths.ts'
import type { BusEvent } from './bus.ts'
import { socketErrorFrame } from './socket-limits.ts'

type Member = Context & { user: NonNullable<Context['user']> }

const Frame = z.looseObject({ type: z.string().max(32) })

/**
 * The spec's client frames, each a row onto the procedure our own client calls (as the REST table
 * is): the procedure validates the rest of the frame. `authenticate` only confirms who the socket is.
 */
const frames: Record<string, ProcedurePath> = {
  send_message: 'messaging.post',
  typing: 'messaging.typing',
  mark_read: 'messaging.markRead',
}

/** The spec's frame for a bus event (as `memberId` sees it), or null for events that are not the member's to see. */
function outgoingFrame(event: BusEvent, memberId: string) {
  switch (event.type) {
    case 'message':
      return { type: 'message_received', conversationId: event.conversationId, message: event.message }
    case 'typing':
      return { type: 'typing_indicator', conversationId: event.conversationId, userId: event.userId, isTyping: event.isTyping }
    case 'read':
      return { type: 'message_read', conversationId: event.conversationId, readerId: event.readerId }
    case 'presence':
      return { type: event.online ? 'user_online' : 'user_offline', userId: event.userId }
    // Frames added to the spec's (design.md §9): the member is shown the other member of the match.
    case 'match': {
      const member = event.members.find((candidate) => candidate.id !== memberId)
      return member ? { type: 'match', matchId: event.matchId, conversationId: event.conversationId, member } : null
    }
    case 'notification':
      return { type: 'notification', notification: event.notification }
    case 'sessions-ended':
      return null
  }
}

/**
 * `/ws/messaging`, the spec's JSON protocol over the same bus as the tRPC feed. The member is the
 * one whose session cookie came with the upgrade (the edge refuses sockets without one); an
 * `authenticate` naming anyone else closes the socket. Frames reach here already size- and rate-checked.
 */
export function serveMessagingSocket(ws: WebSocket, ctx: Member) {
  const memberId = ctx.user.id
  ctx.realtime.presence.connect(memberId)
  const send = (frame: object) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame))
  }

  const stop = new AbortController()
  void (async () => {
    for await (const event of ctx.realtime.bus.eventsFor(memberId, stop.signal)) {
      const frame = outgoingFrame(event, memberId)
      if (frame) send(frame)
      if (event.type === 'message' && event.message.senderId !== memberId) recordDelivery(ctx.db, event.message.id)
    }
  })()

  ws.on('message', async (data, isBinary) => {
    try {
      if (isBinary) throw new InvalidInputError('Messages must be JSON text')
      let json: unknown
      try {
        json = JSON.parse(data.toString())
      } catch {
        throw new InvalidInputError('Messages must be JSON text')
      }
      const parsed = Frame.safeParse(json)
      if (!parsed.success) throw new InvalidInputError('Unknown message type')
      const { type, ...input } = parsed.data
      if (type === 'authenticate') {
        if (input.userId === memberId) return
        send({ type: 'error', message: 'This connection belongs to another member. Please sign in again.' })
        return ws.close(1008, 'Identity mismatch')
      }
      const procedure = Object.hasOwn(frames, type) ? frames[type] : undefined
      if (!procedure) throw new InvalidInputError('Unknown message type')
      await callProcedure(ctx, procedure, input)
    } catch (error) {
      send(socketErrorFrame(error))
    }
  })

  ws.once('close', () => {
    stop.abort()
    ctx.realtime.presence.disconnect(memberId)
  })
}
