import { randomUUID } from 'node:crypto'
import type { createClient } from 'redis'

/**
 * Which members hold a socket on some app process. Each process counts its own sockets
 * (presence.ts) and tells the registry only when a member's first one opens here and their last
 * one here closes; the registry answers across every process.
 */
export interface OnlineRegistry {
  /** The member's first socket on this process opened; answers whether another process already holds one. */
  arrive(userId: string): Promise<boolean>
  /** The member's last socket on this process closed; answers whether another process still holds one. */
  leave(userId: string): Promise<boolean>
  /** Which of these members hold a socket on any process. */
  onlineAmong(userIds: string[]): Promise<string[]>
  close(): Promise<void>
}

/** One process: the members here are all there is. */
export function createLocalOnlineRegistry(): OnlineRegistry {
  const here = new Set<string>()
  return {
    async arrive(userId) {
      here.add(userId)
      return false
    },
    async leave(userId) {
      here.delete(userId)
      return false
    },
    onlineAmong: async (userIds) => userIds.filter((id) => here.has(id)),
    close: async () => {},
  }
}

/**
 * A process's hold on a member lasts this long unless renewed, so the members of a process that
 * dies without closing its sockets stop counting as online within this time.
 */
const ONLINE_LEASE_MS = 30_000
const RENEW_EVERY_MS = ONLINE_LEASE_MS / 3

type RedisClient = ReturnType<typeof createClient>

/**
 * Across processes: one sorted set per member (`covenant:online:<id>`) whose entries are the
 * processes holding a socket of theirs, each scored with the end of its lease. Every process renews
 * the leases of the members it holds every RENEW_EVERY_MS, one pipeline for all of them.
 */
export function createRedisOnlineRegistry(client: RedisClient): OnlineRegistry {
  const processId = randomUUID()
  const here = new Set<string>()
  const keyOf = (userId: string) => `covenant:online:${userId}`
  const holdingCount = (userId: string, now: number) => client.zCount(keyOf(userId), now, '+inf')

  const renew = () => {
    if (here.size === 0) return
    const deadline = Date.now() + ONLINE_LEASE_MS
    const batch = client.multi()
    for (const userId of here) batch.zAdd(keyOf(userId), { score: deadline, value: processId }).pExpire(keyOf(userId), ONLINE_LEASE_MS)
    // A renewal that fails is retried at the next tick, well within the lease.
    batch.execAsPipeline().catch(() => {})
  }
  const timer = setInterval(renew, RENEW_EVERY_MS)
  timer.unref()

  return {
    async arrive(userId) {
      here.add(userId)
      const now = Date.now()
      const [elsewhere] = await client
        .multi()
        .zCount(keyOf(userId), now, '+inf')
        .zAdd(keyOf(userId), { score: now + ONLINE_LEASE_MS, value: processId })
        .pExpire(keyOf(userId), ONLINE_LEASE_MS)
        .exec()
      return Number(elsewhere) > 0
    },
    async leave(userId) {
      here.delete(userId)
      const [, elsewhere] = await client.multi().zRem(keyOf(userId), processId).zCount(keyOf(userId), Date.now(), '+inf').exec()
      return Number(elsewhere) > 0
    },
    async onlineAmong(userIds) {
      if (userIds.length === 0) return []
      const now = Date.now()
      const counts = await Promise.all(userIds.map((userId) => holdingCount(userId, now)))
      return userIds.filter((_, index) => counts[index]! > 0)
    },
    async close() {
      clearInterval(timer)
      if (here.size === 0) return
      const batch = client.multi()
      for (const userId of here) batch.zRem(keyOf(userId), processId)
      here.clear()
      await batch.execAsPipeline().catch(() => {})
    },
  }
}
