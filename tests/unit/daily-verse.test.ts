import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dailyVerses } from '#shared/content/daily-verses.ts'
import { dayOfYear, pickDifferentVerse, verseOfDay } from '#shared/logic/daily-verse.ts'

describe('dayOfYear', () => {
  it('counts January 1st as day 1', () => {
    expect(dayOfYear(new Date(2024, 0, 1, 0, 0))).toBe(1)
    expect(dayOfYear(new Date(2025, 0, 1, 23, 59))).toBe(1)
  })

  it('ends on day 366 in a leap year and 365 otherwise', () => {
    expect(dayOfYear(new Date(2024, 11, 31, 23, 59))).toBe(366)
    expect(dayOfYear(new Date(2023, 11, 31, 12, 0))).toBe(365)
  })

  it('counts February 29th in leap years only', () => {
    expect(dayOfYear(new Date(2024, 2, 1))).toBe(61)
    expect(dayOfYear(new Date(2023, 2, 1))).toBe(60)
  })

  describe('across daylight-saving changes', () => {
    const originalTimeZone = process.env.TZ
    beforeAll(() => {
      process.env.TZ = 'America/New_York'
    })
    afterAll(() => {
      process.env.TZ = originalTimeZone
    })

    it('does not lose a day after the clocks spring forward', () => {
      expect(dayOfYear(new Date(2024, 2, 10, 23, 59))).toBe(70)
      expect(dayOfYear(new Date(2024, 2, 11, 0, 30))).toBe(71)
    })

    it('does not repeat a day after the clocks fall back', () => {
      expect(dayOfYear(new Date(2024, 10, 3, 23, 30))).toBe(308)
      expect(dayOfYear(new Date(2024, 10, 4, 0, 30))).toBe(309)
    })
  })
})

describe('verseOfDay', () => {
  it('shows the verse at index 1 on January 1st (day 1)', () => {
    const { index, verse } = verseOfDay(new Date(2024, 0, 1, 8, 0))
    expect(index).toBe(1)
    expect(verse.reference).toBe('Proverbs 3:5-6')
  })

  it('shows the verse at index 6 on December 31st of a leap year (day 366)', () => {
    const { index, verse } = verseOfDay(new Date(2024, 11, 31, 8, 0))
    expect(index).toBe(6)
    expect(verse.reference).toBe('Psalm 127:1')
  })

  it('shows the verse at index 0 on day 10 and the next verse on day 11', () => {
    expect(verseOfDay(new Date(2024, 0, 10)).index).toBe(0)
    expect(verseOfDay(new Date(2024, 0, 10)).verse.reference).toBe('Jeremiah 29:11')
    expect(verseOfDay(new Date(2024, 0, 11)).index).toBe(1)
  })

  it('keeps the same verse all day long', () => {
    expect(verseOfDay(new Date(2024, 4, 5, 0, 0)).index).toBe(verseOfDay(new Date(2024, 4, 5, 23, 59)).index)
  })
})

describe('pickDifferentVerse', () => {
  const randomValues = [0, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999999]

  it('never shows the same verse again and stays within the ten verses', () => {
    for (let current = 0; current < dailyVerses.length; current++) {
      for (const value of randomValues) {
        const picked = pickDifferentVerse(current, () => value)
        expect(picked).not.toBe(current)
        expect(picked).toBeGreaterThanOrEqual(0)
        expect(picked).toBeLessThan(dailyVerses.length)
      }
    }
  })

  it('can reach every other verse', () => {
    const others = dailyVerses.length - 1
    const reached = new Set(Array.from({ length: others }, (_, slot) => pickDifferentVerse(3, () => (slot + 0.5) / others)))
    expect([...reached].sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9])
  })
})
