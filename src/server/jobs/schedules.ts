import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { randomId } from '#db/ids.ts'
import { preparedWrite } from '#db/prepared.ts'
import type { JobPayloads } from './kinds.ts'
import { enqueueJob } from './queue.ts'

/** A digest waits this long after the first unread message, so a burst of messages makes one email. */
export const DIGEST_DELAY_MS = 10 * 60_000
/** At most one digest per conversation and member in this window. */
export const DIGEST_WINDOW_MS = 3 * 3_600_000
/** A Sabbath reminder comes this long before the gathering begins. */
export const SABBATH_REMINDER_LEAD_MS = 3_600_000
/** A community event's reminder comes the day before. */
export const EVENT_REMINDER_LEAD_MS = 24 * 3_600_000

const MAX_ATTEMPTS = 5

/**
 * Pending jobs of a kind whose payload has these fields (a value, or a column of the statement). The
 * paths are written out, not bound, so that with a member SQLite matches `jobs_pending_member_idx`
 * and reads only that member's pending jobs.
 */
function pendingWith(
  kind: keyof JobPayloads,
  fields: { userId?: string | SQL | Placeholder; conversationId?: string | Placeholder; eventId?: string },
) {
  const matches = Object.entries(fields).map(([key, value]) => sql`json_extract(payload, ${sql.raw(`'$.${key}'`)}) = ${value}`)
  return sql`kind = ${kind} and status = 'pending' and ${sql.join(matches, sql` and `)}`
}

/** Built once, as every message runs it. */
const queueDigest = preparedWrite((db) =>
  db.run(sql`insert into jobs (id, kind, payload, run_at, attempts, max_attempts, status, created_at)
    select ${sql.placeholder('id')}, 'message-digest', ${sql.placeholder('payload')}, ${sql.placeholder('runAt')}, 0, ${MAX_ATTEMPTS},
      'pending', ${sql.placeholder('now')}
    where exists (select 1 from messages where id = ${sql.placeholder('messageId')})
      and not exists (select 1 from jobs where ${pendingWith('message-digest', { userId: sql.placeholder('userId'), conversationId: sql.placeholder('conversationId') })})`),
)

/**
 * The digest for the receiver of a new message, to run in the message's own batch after its insert:
 * queued only if the message was stored, and not when one is already waiting for that conversation,
 * so messages sent at once still queue one job.
 */
export function messageDigestFor(db: Database, digest: { userId: string; conversationId: string; messageId: string; at: number }) {
  const { userId, conversationId, messageId, at } = digest
  const payload: JobPayloads['message-digest'] = { userId, conversationId }
  return queueDigest(db, {
    id: randomId(),
    payload: JSON.stringify(payload),
    runAt: at + DIGEST_DELAY_MS,
    now: at,
    userId,
    conversationId,
    messageId,
  })
}

/** Forgets the member's waiting reminders of one event (turned off, un-RSVPed, or about to be replaced). */
export function cancelReminders(db: Pick<Database, 'run'>, kind: 'sabbath-reminder' | 'event-reminder', userId: string, eventId: string) {
  return db.run(
    sql`delete from jobs where ${pendingWith(kind, { userId, eventId })} and (locked_until is null or locked_until < ${Date.now()})`,
  )
}

/** The reminder of one Sabbath occurrence, at the lead time before it (at once when that has passed). */
export function sabbathReminderJob(payload: JobPayloads['sabbath-reminder'], now: Date) {
  return {
    kind: 'sabbath-reminder' as const,
    payload,
    runAt: new Date(Math.max(now.getTime(), payload.startsAt - SABBATH_REMINDER_LEAD_MS)),
  }
}

/** The reminder of a weekly program's occurrence (Vespers), at the same lead time as a Sabbath gathering's. */
export function programReminderJob(payload: JobPayloads['program-reminder'], now: Date) {
  return {
    kind: 'program-reminder' as const,
    payload,
    runAt: new Date(Math.max(now.getTime(), payload.startsAt - SABBATH_REMINDER_LEAD_MS)),
  }
}

/** Forgets the member's pending reminders of a program (turned off, or about to be queued afresh). */
export function cancelProgramReminders(db: Pick<Database, 'run'>, userId: string, program: string) {
  return db.run(
    sql`delete from jobs where ${pendingWith('program-reminder', { userId })} and json_extract(payload, '$.program') = ${program}
      and (locked_until is null or locked_until < ${Date.now()})`,
  )
}

/** The day-before reminder of an event starting at `startsAt`, or null when the day before has passed. */
export function eventReminderJob(payload: JobPayloads['event-reminder'], startsAt: Date, now: Date) {
  const runAt = startsAt.getTime() - EVENT_REMINDER_LEAD_MS
  return runAt <= now.getTime() ? null : { kind: 'event-reminder' as const, payload, runAt: new Date(runAt) }
}

/**
 * After an event's start moved: the waiting day-before reminders of its attendees are replaced by
 * ones at the new day before, read from the event row in the same statements (earlier or later),
 * and none is queued once that moment has passed, so a reminder is never sent late. A reminder a
 * runner is sending right now is left to its handler, which reads the event's time itself.
 */
export function rescheduleEventReminders(db: Pick<Database, 'run'>, eventId: string, now: Date) {
  const at = now.getTime()
  return [
    db.run(sql`delete from jobs where ${pendingWith('event-reminder', { eventId })} and (locked_until is null or locked_until < ${at})`),
    db.run(sql`insert into jobs (id, kind, payload, run_at, attempts, max_attempts, status, created_at)
      select lower(hex(randomblob(16))), 'event-reminder', json_object('userId', r.user_id, 'eventId', e.id),
        e.starts_at - ${EVENT_REMINDER_LEAD_MS}, 0, ${MAX_ATTEMPTS}, 'pending', ${at}
      from events e join event_rsvps r on r.event_id = e.id and r.status = 'attending'
      where e.id = ${eventId} and e.cancelled_at is null and e.starts_at - ${EVENT_REMINDER_LEAD_MS} > ${at}
        and not exists (select 1 from jobs where ${pendingWith('event-reminder', { userId: sql`r.user_id`, eventId })})`),
  ] as const
}

export function queueJob<K extends keyof JobPayloads>(
  db: Pick<Database, 'insert'>,
  job: { kind: K; payload: JobPayloads[K]; runAt: Date },
  now: Date,
) {
  return enqueueJob(db, { ...job, maxAttempts: MAX_ATTEMPTS }, now)
}
