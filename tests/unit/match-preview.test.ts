import { describe, expect, it } from 'vitest'
import { landingPreferences } from '#shared/content/preferences.ts'
import { fakeMatchCount } from '#shared/logic/match-preview.ts'

const lowest = () => 0
const highest = () => 0.999999

describe('fakeMatchCount', () => {
  it('shows 1000 matches when nothing is chosen', () => {
    expect(fakeMatchCount(0, lowest)).toBe(1000)
    expect(fakeMatchCount(0, highest)).toBe(1000)
  })

  it('drops by 150 for each chosen preference', () => {
    expect(fakeMatchCount(1, lowest)).toBe(850)
    expect(fakeMatchCount(3, lowest)).toBe(550)
    expect(fakeMatchCount(6, lowest)).toBe(100)
  })

  it('never shows fewer than the random floor of 50 to 149', () => {
    expect(fakeMatchCount(6, highest)).toBe(149)
    expect(fakeMatchCount(7, lowest)).toBe(50)
    expect(fakeMatchCount(7, highest)).toBe(149)
    expect(fakeMatchCount(7, () => 0.5)).toBe(100)
  })

  it('stays between 50 and 1000 for any number of the landing’s preferences', () => {
    for (let chosen = 0; chosen <= landingPreferences.length; chosen++) {
      for (const value of [0, 0.3, 0.7, 0.999999]) {
        const count = fakeMatchCount(chosen, () => value)
        expect(count).toBeGreaterThanOrEqual(50)
        expect(count).toBeLessThanOrEqual(1000)
        expect(Number.isInteger(count)).toBe(true)
      }
    }
  })
})
