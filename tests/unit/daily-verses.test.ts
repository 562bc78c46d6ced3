import { describe, expect, it } from 'vitest'
import { dailyVerses } from '#shared/content/daily-verses.ts'

describe('daily verses', () => {
  it('has exactly ten verses, all different', () => {
    expect(dailyVerses).toHaveLength(10)
    expect(new Set(dailyVerses.map((verse) => verse.reference)).size).toBe(10)
  })

  it('fills in the verse, reference, theme and application of each', () => {
    for (const entry of dailyVerses) {
      for (const field of ['verse', 'reference', 'theme', 'application'] as const) {
        expect(entry[field].trim(), `${entry.reference} ${field}`).not.toBe('')
      }
      expect(entry.reference).toMatch(/^(?:[1-3] )?[A-Z][a-z]+ \d+:\d+(?:-\d+)?$/)
    }
  })
})
