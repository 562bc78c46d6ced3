import { describe, expect, it } from 'vitest'
import { sabbathEventSeeds } from '#server/seed/sabbath-content.ts'
import { serviceState, type WeeklySchedule } from '#shared/logic/weekly-service.ts'

// The Sabbath Corner's worship service: Saturday 11:00 in New York for 90 minutes.
const worship = sabbathEventSeeds.find((event) => event.type === 'Worship Service')!
const schedule: WeeklySchedule = {
  firstStartsAt: worship.firstStartsAt,
  hostTimeZone: worship.hostTimeZone,
  durationMinutes: worship.durationMinutes,
}

describe('serviceState', () => {
  it('is not live on a Tuesday: it names the next service on the member’s own clock', () => {
    const tuesday = new Date('2024-06-04T19:00:00-04:00')
    expect(serviceState(schedule, tuesday, 'America/New_York')).toEqual({
      kind: 'upcoming',
      startsAt: new Date('2024-06-08T15:00:00Z'),
      label: 'Next service Saturday 11:00 AM',
    })
    expect(serviceState(schedule, tuesday, 'America/Chicago').label).toBe('Next service Saturday 10:00 AM')
    expect(serviceState(schedule, tuesday, 'America/Los_Angeles').label).toBe('Next service Saturday 8:00 AM')
    // Further east, the same Saturday service falls on Sunday.
    expect(serviceState(schedule, tuesday, 'Asia/Tokyo').label).toBe('Next service Sunday 12:00 AM')
    expect(serviceState(schedule, tuesday, 'Pacific/Auckland').label).toBe('Next service Sunday 3:00 AM')
  })

  it('is live from the first minute to the last, whatever the member’s zone', () => {
    for (const zone of ['America/New_York', 'Asia/Tokyo', 'Europe/London']) {
      const atStart = serviceState(schedule, new Date('2024-06-08T11:00:00-04:00'), zone)
      expect(atStart).toEqual({ kind: 'live', endsAt: new Date('2024-06-08T16:30:00Z'), label: 'Live now' })
      expect(serviceState(schedule, new Date('2024-06-08T12:29:59-04:00'), zone).kind).toBe('live')
    }
  })

  it('is upcoming a minute before, and names next week’s service once it has ended', () => {
    const before = serviceState(schedule, new Date('2024-06-08T10:59:00-04:00'), 'America/New_York')
    expect(before).toMatchObject({ kind: 'upcoming', startsAt: new Date('2024-06-08T15:00:00Z') })
    const after = serviceState(schedule, new Date('2024-06-08T12:30:00-04:00'), 'America/New_York')
    expect(after).toMatchObject({ kind: 'upcoming', startsAt: new Date('2024-06-15T15:00:00Z'), label: 'Next service Saturday 11:00 AM' })
  })

  it('crosses the week boundary: late on Saturday the next service is a week away, on Sunday six days', () => {
    const saturdayNight = serviceState(schedule, new Date('2024-06-08T23:59:00-04:00'), 'America/New_York')
    expect(saturdayNight).toMatchObject({ kind: 'upcoming', startsAt: new Date('2024-06-15T15:00:00Z') })
    const sunday = serviceState(schedule, new Date('2024-06-09T00:01:00-04:00'), 'America/New_York')
    expect(sunday).toMatchObject({ kind: 'upcoming', startsAt: new Date('2024-06-15T15:00:00Z') })
  })

  it('keeps the host’s 11:00 through a daylight-saving change, so the member’s clock shifts where their zone does not', () => {
    // New York moves to EDT on 10 March 2024; Tokyo never changes.
    expect(serviceState(schedule, new Date('2024-03-04T12:00:00Z'), 'Asia/Tokyo').label).toBe('Next service Sunday 1:00 AM')
    expect(serviceState(schedule, new Date('2024-03-11T12:00:00Z'), 'Asia/Tokyo').label).toBe('Next service Sunday 12:00 AM')
  })

  it('is live past midnight for a service that runs across it', () => {
    const lateFriday: WeeklySchedule = { firstStartsAt: new Date('2024-01-05T23:00:00Z'), hostTimeZone: 'UTC', durationMinutes: 120 }
    expect(serviceState(lateFriday, new Date('2024-01-13T00:30:00Z'), 'UTC')).toMatchObject({ kind: 'live' })
    expect(serviceState(lateFriday, new Date('2024-01-13T01:00:00Z'), 'UTC')).toMatchObject({
      kind: 'upcoming',
      label: 'Next service Friday 11:00 PM',
    })
  })
})
