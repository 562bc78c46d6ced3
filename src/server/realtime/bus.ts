import { EventEmitter } from 'node:events'
import { createClient } from 'redis'
import superjson from 'superjson'
import { logger } from '#server/log.ts'
import { busPublishFailures } from '#server/metrics.ts'
import { transformer } from '#server/trpc/transformer.ts'
import type { MessageView } from '#shared/schemas/messaging.ts'
import type { MemberGlimpse, NotificationView } from '#shared/schemas/notifications.ts'
import { createLocalOnlineRegistry, createRedisOnlineRegistry, type OnlineRegistry } from './online-registry.ts'
import { turnsByKey } from './turns.ts'

/** What the sockets deliver; `recipients` are the members who may see it (checked at publish). */
export type BusEvent =
  | { type: 'message'; recipients: string[]; conversationId: string; message: MessageView }
  | { type: 'read'; recipients: string[]; conversationId: string; readerId: string }
  | { type: 'typing'; recipients: string[]; conversationId: string; userId: string; isTyping: boolean }
  | { type: 'presence'; recipients: string[]; userId: string; online: boolean }
  | { type: 'notification'; recipients: string[]; notification: NotificationView }
  /** A like completed a match: each member is shown the other (`members` holds both; a reader picks the one that is not them). */
  | { type: 'match'; recipients: string[]; matchId: string; conversationId: string; members: MemberGlimpse[] }
  /** Sessions signed out or deleted: every process closes the sockets they opened. */
  | { type: 'sessions-ended'; recipients: string[]; sessionIds: string[] }

/**
 * The one realtime bus both sockets read (docs/decisions/009). In-process by default; with Redis,
 * every app process publishes to one channel and each emits what arrives to its own sockets.
 */
export interface Bus {
  publish(event: BusEvent): void
  /** Events for one member, heard from this call until the signal aborts or the reader stops. */
  eventsFor(userId: string, signal: AbortSignal): AsyncIterable<BusEvent>
  /** Every event, for this process's own bookkeeping (closing signed-out sockets); returns the way to stop. */
  listen(listener: (event: BusEvent) => void): () => void
  /** Resolves when the bus can carry events now (Redis answers a PING); rejects saying why not. */
  check(): Promise<void>
  /** Who holds a socket on any of the processes sharing this bus ("Online now"). */
  online: OnlineRegistry
  close(): Promise<void>
}

const CHANNEL = 'covenant:realtime'

/**
 * The reading side, the same for every transport: events arrive on a local emitter, and each is
 * handed on under each recipient's id, so a message wakes its two members' readers and not every
 * open socket of the process.
 *
 * Presence is announced by whichever process saw a member arrive or leave, and two processes may
 * announce one member at once (a socket closing on one as another opens on the other), their hints
 * crossing on the way. So a member's hints are handed on in the order they arrive here, and one
 * saying they left only if the registry still has them nowhere: whatever is heard last is true.
 */
function readersOver(emitter: EventEmitter, online: OnlineRegistry): Pick<Bus, 'eventsFor' | 'listen'> {
  const byMember = new EventEmitter()
  // One listener per open socket or subscription.
  emitter.setMaxListeners(0)
  byMember.setMaxListeners(0)
  const handOn = (event: BusEvent) => {
    for (const recipient of new Set(event.recipients)) byMember.emit(recipient, event)
  }
  const presenceInTurn = turnsByKey()
  emitter.on('event', (event: BusEvent) => {
    if (event.type !== 'presence') return handOn(event)
    presenceInTurn(event.userId, async () => {
      // When the registry cannot answer (Redis down), the hint is handed on as it came.
      const stillOnline = !event.online && (await online.onlineAmong([event.userId]).catch(() => [])).length > 0
      if (!stillOnline) handOn(event)
    })
  })
  return {
    eventsFor: (userId, signal) => readerOf(byMember, userId, signal),
    listen(listener) {
      emitter.on('event', listener)
      return () => void emitter.off('event', listener)
    },
  }
}

/**
 * One member's events, heard from the moment this is called (not from the first read), so a feed
 * that catches up before it reads misses nothing published meanwhile. What arrives while the reader
 * is busy waits in order. Node's `events.on` does the same with two 2,048-slot buffers per reader,
 * 32 KB for every open socket; this keeps one array, empty while the reader keeps up.
 */
function readerOf(byMember: EventEmitter, userId: string, signal: AbortSignal): AsyncIterable<BusEvent> {
  let waiting: BusEvent[] = []
  let wake: (() => void) | undefined
  const hear = (event: BusEvent) => {
    waiting.push(event)
    wake?.()
  }
  // An abort stops hearing at once, whether or not the reader ever began to read.
  const stop = () => {
    byMember.off(userId, hear)
    wake?.()
  }
  if (!signal.aborted) {
    byMember.on(userId, hear)
    signal.addEventListener('abort', stop, { once: true })
  }
  return (async function* () {
    try {
      while (!signal.aborted) {
        if (waiting.length === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve
          })
          wake = undefined
          continue
        }
        const arrived = waiting
        waiting = []
        for (const event of arrived) {
          if (signal.aborted) return
          yield event
        }
      }
    } finally {
      byMember.off(userId, hear)
      signal.removeEventListener('abort', stop)
    }
  })()
}

export function createLocalBus(): Bus {
  const emitter = new EventEmitter()
  const online = createLocalOnlineRegistry()
  return {
    publish: (event) => void emitter.emit('event', event),
    ...readersOver(emitter, online),
    check: async () => {},
    online,
    close: async () => {},
  }
}

/** How long a readiness PING may take before Redis counts as unreachable. */
const CHECK_TIMEOUT_MS = 1000

/**
 * Events cross processes as superjson (dates stay dates), written as tRPC's answers are: the same
 * text as superjson's, without its copy of every event (about 3 µs a message's event against 9).
 * A publish that fails is a lost hint, not an error for the writer.
 */
export async function createRedisBus(url: string): Promise<Bus> {
  const emitter = new EventEmitter()
  // A publish during an outage fails at once (and is counted) instead of queueing in memory to be
  // delivered late, when the typing or presence it carried no longer holds.
  const publisher = createClient({ url, disableOfflineQueue: true })
  const subscriber = publisher.duplicate({ disableOfflineQueue: false })
  // The client retries on its own; an outage is logged once per connection, not once per retry.
  for (const client of [publisher, subscriber]) {
    let reported = false
    client.on('error', (error: Error) => {
      if (!reported) logger.error({ err: error }, 'Redis connection failed; retrying')
      reported = true
    })
    client.on('ready', () => {
      if (reported) logger.info({}, 'Redis connection restored')
      reported = false
    })
  }
  await Promise.all([publisher.connect(), subscriber.connect()])
  await subscriber.subscribe(CHANNEL, (raw) => emitter.emit('event', superjson.parse<BusEvent>(raw)))
  const online = createRedisOnlineRegistry(publisher)
  return {
    publish: (event) =>
      void publisher.publish(CHANNEL, JSON.stringify(transformer.output.serialize(event))).catch(() => busPublishFailures.inc()),
    ...readersOver(emitter, online),
    async check() {
      if (!publisher.isReady || !subscriber.isReady) throw new Error('not connected')
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer to PING within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
      })
      try {
        await Promise.race([publisher.ping(), timeout])
      } finally {
        clearTimeout(timer)
      }
    },
    online,
    close: async () => {
      await online.close()
      // A client still retrying after an outage has no connection to say goodbye on: it is dropped.
      await Promise.allSettled([subscriber, publisher].map((client) => (client.isReady ? client.quit() : client.destroy())))
    },
  }
}
