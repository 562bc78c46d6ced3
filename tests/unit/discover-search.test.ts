import { describe, expect, it } from 'vitest'
import {
  choicesFromSearch,
  defaultChoices,
  discoverFilter,
  discoverSearch,
  searchFromChoices,
} from '#client/features/discover/discover-search.ts'

describe('Discover search params', () => {
  it('keep valid filters and drop unknown or hand-edited values', () => {
    expect(discoverSearch.parse({ age: '26-35', location: 'same-state', denomination: 'baptist' })).toEqual({
      age: '26-35',
      location: 'same-state',
      denomination: 'baptist',
    })
    expect(discoverSearch.parse({ age: '99-120', location: 'moon', denomination: "' OR 1=1--", extra: 'x' })).toEqual({})
  })

  it('leave "no filter" choices out of the URL', () => {
    expect(searchFromChoices(defaultChoices)).toEqual({})
    expect(searchFromChoices({ age: '46+', location: 'anywhere', denomination: 'seventh-day-adventist' })).toEqual({
      age: '46+',
      denomination: 'seventh-day-adventist',
    })
  })

  it('round-trip between the URL and the filter bar', () => {
    const search = { age: '18-25', location: 'within-50', denomination: 'non-denominational' } as const
    expect(searchFromChoices(choicesFromSearch(search))).toEqual(search)
    expect(choicesFromSearch({})).toEqual(defaultChoices)
  })
})

describe('the Discover filter sent to the server', () => {
  it('sends the age range as min and max, 46+ as 46-100 (spec section 5)', () => {
    expect(discoverFilter({ age: '18-25' })).toEqual({ ageMin: 18, ageMax: 25 })
    expect(discoverFilter({ age: '26-35' })).toEqual({ ageMin: 26, ageMax: 35 })
    expect(discoverFilter({ age: '36-45' })).toEqual({ ageMin: 36, ageMax: 45 })
    expect(discoverFilter({ age: '46+' })).toEqual({ ageMin: 46, ageMax: 100 })
  })

  it('leaves out "anywhere" and "any", so equal filters share one query key', () => {
    expect(discoverFilter({})).toEqual({})
    expect(discoverFilter({ location: 'anywhere', denomination: 'any' })).toEqual({})
    expect(discoverFilter({ location: 'within-10', denomination: 'baptist' })).toEqual({ location: 'within-10', denomination: 'baptist' })
  })
})
