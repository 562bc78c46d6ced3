import type { Database } from '#db/client.ts'
import { conversationPartners } from '#server/services/messaging.ts'
import type { Bus } from './bus.ts'

/**
 * Who has a live socket on this process (the tRPC feed or the spec's socket; a member may hold
 * several). The first socket makes a member online and the last one closing makes them offline;
 * only the members who share a conversation with them are told.
 */
export interface Presence {
  connect(userId: string): void
  disconnect(userId: string): void
  isOnline(userId: string): boolean
}

export function createPresence(db: Database, bus: Bus): Presence {
  const sockets = new Map<string, number>()
  const announce = (userId: string, online: boolean) => {
    conversationPartners(db, userId)
      .then((recipients) => bus.publish({ type: 'presence', recipients, userId, online }))
      .catch(() => {
        // A presence hint that cannot be sent (the database closing at shutdown) is not worth an error.
      })
  }
  return {
    connect(userId) {
      const count = (sockets.get(userId) ?? 0) + 1
      sockets.set(userId, count)
      if (count === 1) announce(userId, true)
    },
    disconnect(userId) {
      const count = (sockets.get(userId) ?? 0) - 1
      if (count > 0) return void sockets.set(userId, count)
      sockets.delete(userId)
      announce(userId, false)
    },
    isOnline: (userId) => sockets.has(userId),
  }
}
