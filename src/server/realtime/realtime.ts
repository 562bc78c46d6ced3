import type { Database } from '#db/client.ts'
import { type Bus, createLocalBus, createRedisBus } from './bus.ts'
import { createPresence, type Presence } from './presence.ts'

export interface Realtime {
  bus: Bus
  presence: Presence
}

export function createRealtime(db: Database, bus: Bus = createLocalBus()): Realtime {
  return { bus, presence: createPresence(db, bus) }
}

/** The process's bus: Redis pub/sub when `REDIS_URL` is set, so several app processes share events. */
export async function openBus(redisUrl: string | undefined): Promise<Bus> {
  return redisUrl ? createRedisBus(redisUrl) : createLocalBus()
}
