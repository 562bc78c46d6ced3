import { describe, expect, it } from 'vitest'
import { formatDuration } from '#shared/logic/duration.ts'

describe('formatDuration', () => {
  it('reads as minutes, hours, half hours or both', () => {
    expect(formatDuration(1)).toBe('1 minute')
    expect(formatDuration(45)).toBe('45 minutes')
    expect(formatDuration(60)).toBe('1 hour')
    expect(formatDuration(90)).toBe('1.5 hours')
    expect(formatDuration(120)).toBe('2 hours')
    expect(formatDuration(75)).toBe('1 hour 15 minutes')
    expect(formatDuration(140)).toBe('2 hours 20 minutes')
  })
})
