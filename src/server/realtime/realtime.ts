import type { Database } from '#db/client.ts'
import { createLocalBus, type Bus } from './bus.ts'
import { createPresence, type Presence } from './presence.ts'

export interface Realtime {
  bus: Bus
  presence: Presence
}

export function createRealtime(db: Database): Realtime {
  const bus = createLocalBus()
  return { bus, presence: createPresence(db, bus) }
}
