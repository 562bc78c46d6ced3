import { describe, expect, it } from 'vitest'
import { DEFAULT_LEVEL, levelFor, progressPercent, towards } from '#shared/logic/achievements.ts'

describe('levelFor', () => {
  it.each([
    [0, 'Newcomer'],
    [49, 'Newcomer'],
    [50, 'Seeker'],
    [149, 'Seeker'],
    [150, 'Believer'],
    [300, 'Disciple'],
    [600, 'Faithful Servant'],
    [1000, 'Covenant Keeper'],
    [99_999, 'Covenant Keeper'],
  ])('%i points is %s', (points, level) => {
    expect(levelFor(points).level).toBe(level)
  })

  it('defaults to Newcomer and names the next level until the top', () => {
    expect(DEFAULT_LEVEL).toBe('Newcomer')
    expect(levelFor(0).nextLevel).toEqual({ name: 'Seeker', minPoints: 50 })
    expect(levelFor(5000).nextLevel).toBeNull()
  })
})

describe('progressPercent (achieved / (achieved + available), one decimal)', () => {
  it.each([
    [0, 0, 0],
    [0, 27, 0],
    [1, 26, 3.7],
    [2, 1, 66.7],
    [1, 2, 33.3],
    [27, 0, 100],
  ])('%i achieved, %i available: %d%%', (achieved, available, percent) => {
    expect(progressPercent(achieved, available)).toBe(percent)
  })
})

describe('towards', () => {
  it('is a whole percent, capped at 100', () => {
    expect(towards(0, 5)).toBe(0)
    expect(towards(2, 3)).toBe(66)
    expect(towards(9, 5)).toBe(100)
  })
})
