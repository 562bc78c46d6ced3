const WEEK_DAYS = 7

/** An IANA zone the runtime knows ('America/Chicago', 'UTC'); anything else would throw in Intl. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  /** 0 = Sunday, as Date#getDay. */
  weekday: number
}

const weekdayIndex: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 }

/** What a wall clock in `timeZone` reads at `instant`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    weekday: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    weekday: weekdayIndex[part('weekday')] ?? 0,
  }
}

/** The zone's offset from UTC at `instant`, in ms (negative west of Greenwich). */
function offsetMs(instant: number, timeZone: string): number {
  const clock = wallClock(new Date(instant), timeZone)
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute)
  return asUtc - Math.floor(instant / 60_000) * 60_000
}

/**
 * The instant a wall clock in `timeZone` shows the given local date and time. Month and day may
 * overflow (day 32 is the next month), like Date.UTC. The offset is read twice because the first
 * guess can sit on the other side of a daylight-saving change.
 */
export function instantAt(timeZone: string, year: number, month: number, day: number, hour: number, minute: number): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute)
  const first = guess - offsetMs(guess, timeZone)
  const second = guess - offsetMs(first, timeZone)
  return new Date(second)
}

/**
 * The next time a weekly event happens: same weekday and wall-clock time in its host's zone as
 * `firstStart`, so a 10:00 service stays at 10:00 across daylight-saving changes. An occurrence
 * still in progress (started less than `durationMinutes` ago) is the one returned.
 */
export function nextWeeklyOccurrence(firstStart: Date, hostTimeZone: string, durationMinutes: number, now: Date): Date {
  const endsAfter = now.getTime() - durationMinutes * 60_000
  if (firstStart.getTime() > endsAfter) return firstStart
  const start = wallClock(firstStart, hostTimeZone)
  const today = wallClock(now, hostTimeZone)
  // The search starts at the last occurrence before today: it may still be running (past midnight, say).
  const lastWeek = ((start.weekday - today.weekday + WEEK_DAYS) % WEEK_DAYS) - WEEK_DAYS
  for (let offset = lastWeek; ; offset += WEEK_DAYS) {
    const candidate = instantAt(hostTimeZone, today.year, today.month, today.day + offset, start.hour, start.minute)
    if (candidate.getTime() > endsAfter) return candidate
  }
}

export interface ZonedTime {
  /** 'Saturday' */
  weekday: string
  /** '10:00 AM' */
  time: string
  /** The zone's short name at that instant: 'CDT', 'GMT+9', 'UTC'. */
  zoneLabel: string
}

/** How an instant reads to a member in `timeZone`. */
export function formatInTimeZone(instant: Date, timeZone: string): ZonedTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    weekday: part('weekday'),
    time: `${part('hour')}:${part('minute')} ${part('dayPeriod')}`,
    zoneLabel: part('timeZoneName'),
  }
}
