import { inArray } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { PRESENCE_STAMP_EVERY_MS } from '#server/services/away.ts'
import { conversationPartners } from '#server/services/messaging.ts'
import type { Bus } from './bus.ts'

/**
 * Who has a live socket on this process (the tRPC feed or the spec's socket; a member may hold
 * several). The first socket makes a member online and the last one closing makes them offline;
 * only the members who share a conversation with them are told.
 *
 * This map knows one process only. So that the job runner, in any process, can tell who is away
 * (docs/decisions/014), the members connected here are stamped active in the database when they
 * connect and every PRESENCE_STAMP_EVERY_MS while connected: one statement per process per stamp.
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
  const stamp = (ids: string[]) => {
    if (ids.length === 0) return
    db.update(users)
      .set({ lastActiveAt: new Date() })
      .where(inArray(users.id, ids))
      .catch(() => {
        // The database closing at shutdown; the next stamp or request sets it again.
      })
  }
  setInterval(() => stamp([...sockets.keys()]), PRESENCE_STAMP_EVERY_MS).unref()
  return {
    connect(userId) {
      const count = (sockets.get(userId) ?? 0) + 1
      sockets.set(userId, count)
      if (count === 1) {
        announce(userId, true)
        stamp([userId])
      }
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
