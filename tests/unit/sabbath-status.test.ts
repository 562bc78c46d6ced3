import { describe, expect, it } from 'vitest'
import { sabbathStatus } from '#shared/logic/sabbath-status.ts'

// The week of Sunday 2 June 2024 to Saturday 8 June 2024, local time.
const days = { sunday: 2, monday: 3, tuesday: 4, wednesday: 5, thursday: 6, friday: 7, saturday: 8 } as const
const at = (day: keyof typeof days, hours: number, minutes = 0) => new Date(2024, 5, days[day], hours, minutes)

describe('sabbathStatus', () => {
  it('is waiting on Friday at 15:59 and approaching from 16:00', () => {
    expect(sabbathStatus(at('friday', 15, 59))).toEqual({
      kind: 'waiting',
      message: 'Sabbath begins tonight',
      daysUntil: 0,
    })
    expect(sabbathStatus(at('friday', 16, 0))).toEqual({
      kind: 'approaching',
      message: 'Sabbath approaches - Prepare your heart',
    })
  })

  it('is still approaching at 17:59 and current from Friday 18:00', () => {
    expect(sabbathStatus(at('friday', 17, 59)).kind).toBe('approaching')
    expect(sabbathStatus(at('friday', 18, 0))).toEqual({
      kind: 'current',
      message: 'Sabbath is now - Rest in His peace',
    })
  })

  it('is current through the night and Saturday until 17:59', () => {
    expect(sabbathStatus(at('friday', 23, 59)).kind).toBe('current')
    expect(sabbathStatus(at('saturday', 0, 0)).kind).toBe('current')
    expect(sabbathStatus(at('saturday', 17, 59)).kind).toBe('current')
  })

  it('is ending from Saturday 18:00 to midnight', () => {
    expect(sabbathStatus(at('saturday', 18, 0))).toEqual({
      kind: 'ending',
      message: 'Sabbath concludes - Carry His peace forward',
    })
    expect(sabbathStatus(at('saturday', 23, 59)).kind).toBe('ending')
  })

  it('counts down the days from Sunday to Friday morning', () => {
    expect(sabbathStatus(at('sunday', 0, 0))).toEqual({ kind: 'waiting', message: '5 days until Sabbath', daysUntil: 5 })
    expect(sabbathStatus(at('monday', 12, 0))).toEqual({ kind: 'waiting', message: '4 days until Sabbath', daysUntil: 4 })
    expect(sabbathStatus(at('wednesday', 18, 30))).toEqual({
      kind: 'waiting',
      message: '2 days until Sabbath',
      daysUntil: 2,
    })
    expect(sabbathStatus(at('thursday', 23, 59))).toEqual({ kind: 'waiting', message: '1 day until Sabbath', daysUntil: 1 })
    expect(sabbathStatus(at('friday', 6, 0))).toEqual({ kind: 'waiting', message: 'Sabbath begins tonight', daysUntil: 0 })
  })
})
