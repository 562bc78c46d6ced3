import { describe, expect, it } from 'vitest'
import { communityEventSeeds } from '#server/seed/community-events.ts'
import { sabbathEventSeeds } from '#server/seed/sabbath-content.ts'
import { wallClock } from '#shared/logic/time-zones.ts'

const US_ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles']

describe('seeded gatherings do not contradict themselves', () => {
  it('community events name no season, since their dates move with the day the database is seeded', () => {
    for (const event of communityEventSeeds) {
      expect(`${event.title} ${event.description}`, event.title).not.toMatch(/\b(summer|winter|spring|autumn|christmas|easter)\b/i)
    }
  })

  it('community events start between 7 AM and 8 PM where they are held', () => {
    for (const event of communityEventSeeds) {
      expect(event.startHour, event.title).toBeGreaterThanOrEqual(7)
      expect(event.startHour + event.startMinute / 60, event.title).toBeLessThanOrEqual(20)
    }
  })

  it('the Sabbath Corner’s weekly events start between 7 AM and 9 PM for members anywhere in the United States', () => {
    for (const event of sabbathEventSeeds) {
      for (const zone of US_ZONES) {
        const { hour, minute } = wallClock(event.firstStartsAt, zone)
        expect(hour + minute / 60, `${event.title} in ${zone}`).toBeGreaterThanOrEqual(7)
        expect(hour + minute / 60, `${event.title} in ${zone}`).toBeLessThanOrEqual(21)
      }
    }
  })
})
