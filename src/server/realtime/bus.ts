import { EventEmitter, on } from 'node:events'
import type { MessageView } from '#server/services/messaging.ts'

/** What the sockets deliver; `recipients` are the members who may see it (checked at publish). */
export type BusEvent =
  | { type: 'message'; recipients: string[]; conversationId: string; message: MessageView }
  | { type: 'read'; recipients: string[]; conversationId: string; readerId: string }
  | { type: 'typing'; recipients: string[]; conversationId: string; userId: string; isTyping: boolean }
  | { type: 'presence'; recipients: string[]; userId: string; online: boolean }

/**
 * The one realtime bus both sockets read (docs/decisions/009). In-process: a member's sockets on
 * this process hear what this process publishes. Several processes would put a pub/sub channel
 * (Redis) behind `publish`, with each process emitting what it receives: the readers stay the same.
 */
export interface Bus {
  publish(event: BusEvent): void
  /** Events for one member until the signal aborts. */
  eventsFor(userId: string, signal: AbortSignal): AsyncIterable<BusEvent>
}

export function createLocalBus(): Bus {
  const emitter = new EventEmitter()
  // One listener per open socket or subscription.
  emitter.setMaxListeners(0)
  return {
    publish(event) {
      emitter.emit('event', event)
    },
    async *eventsFor(userId, signal) {
      try {
        for await (const [event] of on(emitter, 'event', { signal }) as AsyncIterable<[BusEvent]>) {
          if (event.recipients.includes(userId)) yield event
        }
      } catch (error) {
        if (!signal.aborted) throw error
      }
    },
  }
}
