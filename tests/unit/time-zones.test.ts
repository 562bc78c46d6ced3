import { describe, expect, it } from 'vitest'
import { formatInTimeZone, instantAt, isValidTimeZone, nextWeeklyOccurrence, wallClock } from '#shared/logic/time-zones.ts'

describe('isValidTimeZone', () => {
  it('accepts IANA zones and UTC, and refuses anything else', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true)
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true)
    expect(isValidTimeZone('UTC')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isValidTimeZone("' OR 1=1--")).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
  })
})

describe('wallClock and instantAt', () => {
  it('reads a zone’s wall clock, weekday included', () => {
    // Saturday 6 January 2024, 16:00 UTC is 10:00 in Chicago (CST, UTC-6).
    expect(wallClock(new Date('2024-01-06T16:00:00Z'), 'America/Chicago')).toEqual({
      year: 2024,
      month: 1,
      day: 6,
      hour: 10,
      minute: 0,
      weekday: 6,
    })
  })

  it('finds the instant for a wall-clock time on either side of daylight saving', () => {
    expect(instantAt('America/Chicago', 2024, 1, 6, 10, 0).toISOString()).toBe('2024-01-06T16:00:00.000Z')
    expect(instantAt('America/Chicago', 2024, 7, 6, 10, 0).toISOString()).toBe('2024-07-06T15:00:00.000Z')
    expect(instantAt('Asia/Kolkata', 2024, 3, 9, 9, 30).toISOString()).toBe('2024-03-09T04:00:00.000Z')
  })

  it('lets the day overflow into the next month', () => {
    expect(instantAt('UTC', 2024, 1, 32, 12, 0).toISOString()).toBe('2024-02-01T12:00:00.000Z')
  })
})

describe('nextWeeklyOccurrence', () => {
  // Saturday 11:00 in New York, first held on 6 January 2024 (EST).
  const firstStart = new Date('2024-01-06T11:00:00-05:00')
  const zone = 'America/New_York'

  it('is the first occurrence while that is still ahead', () => {
    expect(nextWeeklyOccurrence(firstStart, zone, 90, new Date('2024-01-01T00:00:00Z'))).toEqual(firstStart)
  })

  it('moves on a week at a time, keeping the weekday', () => {
    const next = nextWeeklyOccurrence(firstStart, zone, 90, new Date('2024-01-08T12:00:00Z'))
    expect(next.toISOString()).toBe('2024-01-13T16:00:00.000Z')
  })

  it('keeps the host’s wall-clock time across daylight saving', () => {
    // 10 March 2024 New York moved to EDT (UTC-4): 11:00 local is now 15:00 UTC.
    const next = nextWeeklyOccurrence(firstStart, zone, 90, new Date('2024-03-11T00:00:00Z'))
    expect(next.toISOString()).toBe('2024-03-16T15:00:00.000Z')
    expect(wallClock(next, zone)).toMatchObject({ weekday: 6, hour: 11, minute: 0 })
  })

  it('returns an occurrence still in progress, and the next one once it has ended', () => {
    const sameDay = (time: string) => nextWeeklyOccurrence(firstStart, zone, 90, new Date(`2024-02-03T${time}-05:00`))
    expect(sameDay('10:59:00').toISOString()).toBe('2024-02-03T16:00:00.000Z')
    expect(sameDay('12:29:00').toISOString()).toBe('2024-02-03T16:00:00.000Z')
    expect(sameDay('12:30:00').toISOString()).toBe('2024-02-10T16:00:00.000Z')
  })

  it('keeps a late-night event that runs past midnight until it ends', () => {
    // Friday 23:00 for two hours: at 00:30 on Saturday it is still on.
    const lateFriday = new Date('2024-01-05T23:00:00Z')
    const next = nextWeeklyOccurrence(lateFriday, 'UTC', 120, new Date('2024-01-13T00:30:00Z'))
    expect(next.toISOString()).toBe('2024-01-12T23:00:00.000Z')
  })
})

describe('formatInTimeZone', () => {
  it('reads the weekday, time and zone as a member there sees them', () => {
    const instant = new Date('2024-01-06T16:00:00Z')
    expect(formatInTimeZone(instant, 'America/Chicago')).toEqual({ weekday: 'Saturday', time: '10:00 AM', zoneLabel: 'CST' })
    expect(formatInTimeZone(instant, 'Asia/Tokyo')).toEqual({ weekday: 'Sunday', time: '1:00 AM', zoneLabel: 'GMT+9' })
    expect(formatInTimeZone(instant, 'UTC')).toEqual({ weekday: 'Saturday', time: '4:00 PM', zoneLabel: 'UTC' })
  })
})
