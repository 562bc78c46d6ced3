import { formatInTimeZone, nextWeeklyOccurrence } from './time-zones.ts'

/** A gathering that repeats every week at `firstStartsAt`'s weekday and wall-clock time in `hostTimeZone`. */
export interface WeeklySchedule {
  firstStartsAt: Date
  hostTimeZone: string
  durationMinutes: number
}

type ServiceState = { kind: 'live'; endsAt: Date; label: string } | { kind: 'upcoming'; startsAt: Date; label: string }

/**
 * Live from the start of an occurrence until its last minute ends; otherwise the next start, told as
 * it reads on the member's clock in `timeZone` ("Next service Saturday 11:00 AM").
 */
export function serviceState(schedule: WeeklySchedule, now: Date, timeZone: string): ServiceState {
  const start = nextWeeklyOccurrence(schedule.firstStartsAt, schedule.hostTimeZone, schedule.durationMinutes, now)
  if (start.getTime() <= now.getTime()) {
    return { kind: 'live', endsAt: new Date(start.getTime() + schedule.durationMinutes * 60_000), label: 'Live now' }
  }
  const local = formatInTimeZone(start, timeZone)
  return { kind: 'upcoming', startsAt: start, label: `Next service ${local.weekday} ${local.time}` }
}
