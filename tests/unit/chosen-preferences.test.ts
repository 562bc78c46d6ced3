import { describe, expect, it } from 'vitest'
import { chosenPreferences } from '#shared/logic/match-preview.ts'

describe('chosenPreferences', () => {
  it('is empty when nothing was chosen', () => {
    expect(chosenPreferences({})).toEqual([])
  })

  it('does not count a list’s first option, which means no preference', () => {
    expect(chosenPreferences({ age: 'Any', denomination: 'Any Christian', location: 'Any' })).toEqual([])
  })

  it('lists real choices with their dropdown labels, in display order', () => {
    expect(chosenPreferences({ location: 'Canada', age: '26-30', ethnicity: 'Any', denomination: 'Baptist' })).toEqual([
      { key: 'age', label: 'Age Range', value: '26-30' },
      { key: 'denomination', label: 'Denomination', value: 'Baptist' },
      { key: 'location', label: 'Location', value: 'Canada' },
    ])
  })
})
