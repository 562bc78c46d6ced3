import { inArray } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { PRESENCE_STAMP_EVERY_MS } from '#server/services/away.ts'
import { conversationPartners } from '#server/services/messaging.ts'
import type { Bus } from './bus.ts'
import { turnsByKey } from './turns.ts'

/**
 * Who has a live socket (the tRPC feed or the spec's socket; a member may hold several, on several
 * app processes). Each process counts its own; the bus's online registry shares them, so "Online
 * now" is the same whichever process is asked. A member's first socket anywhere makes them online
 * and their last one closing makes them offline; only the members who share a conversation with
 * them are told.
 *
 * The counts here know one process only. So that the job runner, in any process, can tell who is away
 * (docs/decisions/014), the members connected here are stamped active in the database when they
 * connect and every PRESENCE_STAMP_EVERY_MS while connected: one statement per process per stamp.
 */
export interface Presence {
  connect(userId: string): void
  disconnect(userId: string): void
  /** Which of these members have a socket open on any app process. */
  onlineAmong(userIds: string[]): Promise<string[]>
}

export function createPresence(db: Database, bus: Bus): Presence {
  const sockets = new Map<string, number>()
  // A hint that crosses a newer one on the way is dropped where it arrives (bus.ts).
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
  // A member's arrival and departure reach the registry in the order they happened here.
  const inTurn = turnsByKey()
  // When the registry cannot answer (Redis down), the member is announced as this process sees them.
  const elsewhere = (answer: Promise<boolean>) => answer.catch(() => false)
  return {
    connect(userId) {
      const count = (sockets.get(userId) ?? 0) + 1
      sockets.set(userId, count)
      if (count > 1) return
      stamp([userId])
      inTurn(userId, async () => {
        if (!(await elsewhere(bus.online.arrive(userId)))) announce(userId, true)
      })
    },
    disconnect(userId) {
      const count = (sockets.get(userId) ?? 0) - 1
      if (count > 0) return void sockets.set(userId, count)
      sockets.delete(userId)
      inTurn(userId, async () => {
        if (!(await elsewhere(bus.online.leave(userId)))) announce(userId, false)
      })
    },
    async onlineAmong(userIds) {
      try {
        return await bus.online.onlineAmong(userIds)
      } catch {
        return userIds.filter((id) => sockets.has(id))
      }
    },
  }
}
