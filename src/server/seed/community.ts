import { and, asc, count, eq, like } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { eventRsvps, events, profiles, users } from '#db/schema/index.ts'
import { instantAt, wallClock } from '#shared/logic/time-zones.ts'
import { type CommunityEventSeed, communityEventSeeds } from './community-events.ts'
import { createRandom } from './random.ts'

const DEMO_RSVP_SEED = 20_240_212
/** Generated demo members only: the published demo accounts start with no RSVPs. */
const GENERATED_DEMO_EMAILS = '%@demo.covenant.app'
const INTERESTED_SHARE = 0.35
const ROWS_PER_INSERT = 500

/** The seed's start: its weekday in its zone, `weeksAhead` weeks after the next one from `now`. */
function seedStart(seed: CommunityEventSeed, now: Date): Date {
  const today = wallClock(now, seed.timeZone)
  let days = (seed.weekday - today.weekday + 7) % 7
  const candidate = instantAt(seed.timeZone, today.year, today.month, today.day + days, seed.startHour, seed.startMinute)
  if (candidate.getTime() <= now.getTime()) days += 7
  return instantAt(seed.timeZone, today.year, today.month, today.day + days + seed.weeksAhead * 7, seed.startHour, seed.startMinute)
}

/**
 * Community events, inserted only while the table is empty; with `demoActivity`, generated demo
 * members RSVP (Sabbath keepers to Sabbath events) so counts and avatars come from real rows.
 */
export async function seedCommunity(db: Database, options: { demoActivity?: boolean; now?: Date } = {}) {
  const now = options.now ?? new Date()
  // A write transaction at start-up, before the server listens (decision 005).
  return db.transaction(async (tx) => {
    let seededEvents = 0
    const [existing] = await tx.select({ n: count() }).from(events)
    if ((existing?.n ?? 0) === 0) {
      await tx.insert(events).values(
        communityEventSeeds.map((seed) => {
          const { weekday, weeksAhead, startHour, startMinute, durationMinutes, demoFill, ...columns } = seed
          const startsAt = seedStart(seed, now)
          const endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000)
          return { id: randomId(), ...columns, startsAt, endsAt, createdAt: now, updatedAt: now }
        }),
      )
      seededEvents = communityEventSeeds.length
    }
    let seededRsvps = 0
    const [rsvps] = await tx.select({ n: count() }).from(eventRsvps)
    if (options.demoActivity && (rsvps?.n ?? 0) === 0) {
      const members = await tx
        .select({ id: users.id, isSabbathKeeper: profiles.isSabbathKeeper })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(and(like(users.email, GENERATED_DEMO_EMAILS), eq(users.status, 'active')))
        .orderBy(asc(users.email))
      const seeded = await tx
        .select({ id: events.id, title: events.title, isSabbathEvent: events.isSabbathEvent, maxAttendees: events.maxAttendees })
        .from(events)
        .orderBy(asc(events.startsAt))
      const random = createRandom(DEMO_RSVP_SEED)
      const rows = seeded.flatMap((event) => {
        const fill = communityEventSeeds.find((seed) => seed.title === event.title)?.demoFill ?? 0
        const pool = members.filter((member) => !event.isSabbathEvent || member.isSabbathKeeper)
        const attending = Math.min(pool.length, Math.round(event.maxAttendees * fill))
        const interested = Math.min(pool.length - attending, Math.round(attending * INTERESTED_SHARE))
        return random.sample(pool, attending + interested).map((member, index) => {
          const at = new Date(now.getTime() - (attending + interested - index) * 60_000)
          return {
            eventId: event.id,
            userId: member.id,
            status: index < attending ? ('attending' as const) : ('interested' as const),
            createdAt: at,
            updatedAt: at,
          }
        })
      })
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        await tx.insert(eventRsvps).values(rows.slice(start, start + ROWS_PER_INSERT))
      }
      seededRsvps = rows.length
    }
    return { events: seededEvents, rsvps: seededRsvps }
  })
}
