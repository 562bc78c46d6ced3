import { readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { sabbathEventSignups, sabbathEvents, sabbathProgramSignups, sabbathResourceDownloads, sabbathResources } from '#db/schema/index.ts'
import { NotFoundError } from '#server/errors.ts'
import { cancelProgramReminders, cancelReminders, programReminderJob, queueJob, sabbathReminderJob } from '#server/jobs/schedules.ts'
import { sabbathProgramCard } from '#shared/content/sabbath.ts'
import { formatDuration } from '#shared/logic/duration.ts'
import { readingMinutes, readTimeLabel } from '#shared/logic/reading-time.ts'
import { formatInTimeZone, nextWeeklyOccurrence } from '#shared/logic/time-zones.ts'
import { localDateTimeToInstant } from '#shared/schemas/events.ts'
import { type SabbathProgram, sabbathPrograms } from '#shared/schemas/sabbath.ts'

export const SABBATH_RESOURCES_DIR = fileURLToPath(new URL('../content/sabbath-resources/', import.meta.url))

const EVENT_NOT_FOUND = 'That Sabbath event no longer exists.'
const RESOURCE_NOT_FOUND = 'That resource no longer exists.'

type SignupKind = (typeof sabbathEventSignups.$inferSelect)['kind']

/** Counts over every member, flags for this member only. */
function signupColumns(userId: string) {
  const s = sabbathEventSignups
  return {
    attendees: sql<number>`count(case when ${s.kind} = 'attend' then 1 end)`.mapWith(Number),
    isAttending: sql<boolean>`coalesce(max(${s.userId} = ${userId} and ${s.kind} = 'attend'), 0)`.mapWith(Boolean),
    hasReminder: sql<boolean>`coalesce(max(${s.userId} = ${userId} and ${s.kind} = 'remind'), 0)`.mapWith(Boolean),
  }
}

/** Where an online gathering meets is told only to the members attending it. */
function meetingUrlFor(isAttending: boolean, meetingUrl: string | null) {
  return isAttending ? meetingUrl : null
}

/**
 * The weekly events at their next occurrence, soonest first, with times as they read in the
 * member's `timeZone` (the spec's event shape, plus the member's own choices). `schedule` lets the
 * page tell, on the member's clock, whether a service is live now.
 */
export async function listSabbathEvents(db: Database, userId: string, timeZone: string, now = new Date()) {
  const rows = await db
    .select({
      id: sabbathEvents.id,
      title: sabbathEvents.title,
      type: sabbathEvents.type,
      description: sabbathEvents.description,
      firstStartsAt: sabbathEvents.firstStartsAt,
      hostTimeZone: sabbathEvents.hostTimeZone,
      durationMinutes: sabbathEvents.durationMinutes,
      isOnline: sabbathEvents.isOnline,
      meetingUrl: sabbathEvents.meetingUrl,
      ...signupColumns(userId),
    })
    .from(sabbathEvents)
    .leftJoin(sabbathEventSignups, eq(sabbathEventSignups.eventId, sabbathEvents.id))
    .groupBy(sabbathEvents.id)
  return rows
    .map(({ firstStartsAt, hostTimeZone, durationMinutes, meetingUrl, ...event }) => {
      const start = nextWeeklyOccurrence(firstStartsAt, hostTimeZone, durationMinutes, now)
      const local = formatInTimeZone(start, timeZone)
      return {
        ...event,
        startTime: start.toISOString(),
        weekday: local.weekday,
        time: local.time,
        timezone: local.zoneLabel,
        duration: formatDuration(durationMinutes),
        meetingUrl: meetingUrlFor(event.isAttending, meetingUrl),
        schedule: { firstStartsAt: firstStartsAt.toISOString(), hostTimeZone, durationMinutes },
      }
    })
    .sort((a, b) => a.startTime.localeCompare(b.startTime))
}

/**
 * Attending or reminding, set rather than toggled: repeating a call changes nothing. "Remind Me"
 * queues the reminder of the next occurrence, told in the member's `timeZone`; turning it off
 * forgets it (and the reminder job checks the choice again when it runs).
 */
export async function setEventSignup(
  db: Database,
  userId: string,
  eventId: string,
  kind: SignupKind,
  on: boolean,
  options: { timeZone?: string; now?: Date } = {},
) {
  const [event] = await db
    .select({
      id: sabbathEvents.id,
      firstStartsAt: sabbathEvents.firstStartsAt,
      hostTimeZone: sabbathEvents.hostTimeZone,
      meetingUrl: sabbathEvents.meetingUrl,
    })
    .from(sabbathEvents)
    .where(eq(sabbathEvents.id, eventId))
  if (!event) throw new NotFoundError(EVENT_NOT_FOUND)
  const now = options.now ?? new Date()
  const reminder = kind === 'remind' ? [cancelReminders(db, 'sabbath-reminder', userId, eventId)] : []
  if (on) {
    const insert = db.insert(sabbathEventSignups).values({ eventId, userId, kind }).onConflictDoNothing()
    if (kind === 'remind') {
      const startsAt = nextWeeklyOccurrence(event.firstStartsAt, event.hostTimeZone, 0, now).getTime()
      const job = sabbathReminderJob({ userId, eventId, timeZone: options.timeZone ?? 'UTC', startsAt }, now)
      await db.batch([insert, ...reminder, queueJob(db, job, now)])
    } else await insert
  } else {
    await db.batch([
      db
        .delete(sabbathEventSignups)
        .where(and(eq(sabbathEventSignups.eventId, eventId), eq(sabbathEventSignups.userId, userId), eq(sabbathEventSignups.kind, kind))),
      ...reminder,
    ])
  }
  const [choices] = await db.select(signupColumns(userId)).from(sabbathEventSignups).where(eq(sabbathEventSignups.eventId, eventId))
  return { eventId, ...choices!, meetingUrl: meetingUrlFor(choices!.isAttending, event.meetingUrl) }
}

export async function listProgramSignups(db: Database, userId: string) {
  const rows = await db
    .select({ program: sabbathProgramSignups.program })
    .from(sabbathProgramSignups)
    .where(eq(sabbathProgramSignups.userId, userId))
  const chosen = new Set(rows.map((row) => row.program))
  return sabbathPrograms.map((program) => ({ program, signedUp: chosen.has(program) }))
}

/**
 * Signed up or not, set rather than toggled. A program that reminds (Vespers) queues the reminder of
 * its next occurrence at its time on the member's clock (`timeZone`), and forgets it when turned off.
 */
export async function setProgramSignup(
  db: Database,
  userId: string,
  program: SabbathProgram,
  signedUp: boolean,
  options: { timeZone?: string; now?: Date } = {},
) {
  const now = options.now ?? new Date()
  const timeZone = options.timeZone ?? 'UTC'
  const remindsAt = sabbathProgramCard(program)?.remindsAt
  const first = remindsAt ? localDateTimeToInstant(remindsAt, timeZone) : null
  const reminders = first ? [cancelProgramReminders(db, userId, program)] : []
  if (signedUp) {
    const startsAt = first && nextWeeklyOccurrence(first, timeZone, 0, now).getTime()
    await db.batch([
      db.insert(sabbathProgramSignups).values({ userId, program }).onConflictDoNothing(),
      ...reminders,
      ...(startsAt ? [queueJob(db, programReminderJob({ userId, program, timeZone, startsAt }, now), now)] : []),
    ])
  } else {
    await db.batch([
      db.delete(sabbathProgramSignups).where(and(eq(sabbathProgramSignups.userId, userId), eq(sabbathProgramSignups.program, program))),
      ...reminders,
    ])
  }
  return { program, signedUp }
}

export async function listSabbathResources(db: Database) {
  const rows = await db
    .select({
      id: sabbathResources.id,
      title: sabbathResources.title,
      description: sabbathResources.description,
      type: sabbathResources.type,
      fileName: sabbathResources.fileName,
      downloads: sql<number>`count(${sabbathResourceDownloads.userId})`.mapWith(Number),
    })
    .from(sabbathResources)
    .leftJoin(sabbathResourceDownloads, eq(sabbathResourceDownloads.resourceId, sabbathResources.id))
    .groupBy(sabbathResources.id)
    .orderBy(asc(sabbathResources.position))
  return Promise.all(rows.map(async (row) => ({ ...row, readTime: readTimeLabel(readingMinutes(await readResourceFile(row.fileName))) })))
}

/** The guide's text, and a download counted for the member once it could be read. */
export async function downloadSabbathResource(db: Database, userId: string, resourceId: string) {
  const [resource] = await db
    .select({ fileName: sabbathResources.fileName })
    .from(sabbathResources)
    .where(eq(sabbathResources.id, resourceId))
  if (!resource) throw new NotFoundError(RESOURCE_NOT_FOUND)
  const content = await readResourceFile(resource.fileName)
  await db.insert(sabbathResourceDownloads).values({ resourceId, userId }).onConflictDoNothing()
  return { fileName: resource.fileName, contentType: 'text/plain; charset=utf-8', content }
}

// The guides ship with the code and never change while it runs: each is read from disk once.
const resourceFiles = new Map<string, Promise<string>>()

function readResourceFile(fileName: string): Promise<string> {
  let file = resourceFiles.get(fileName)
  if (!file) {
    file = readFile(join(SABBATH_RESOURCES_DIR, basename(fileName)), 'utf8')
    file.catch(() => resourceFiles.delete(fileName))
    resourceFiles.set(fileName, file)
  }
  return file
}
