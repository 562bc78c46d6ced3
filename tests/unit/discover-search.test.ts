import { describe, expect, it } from 'vitest'
import {
  advancedCount,
  choicesFromSearch,
  type DiscoverSearch,
  defaultChoices,
  discoverFilter,
  discoverSearch,
  hasAnyFilter,
  searchFromChoices,
  withoutAdvanced,
} from '#client/features/discover/discover-search.ts'

describe('Discover search params', () => {
  it('keep valid filters and drop unknown or hand-edited values', () => {
    expect(discoverSearch({ age: '26-35', location: 'same-state', denomination: 'baptist' })).toEqual({
      age: '26-35',
      location: 'same-state',
      denomination: 'baptist',
    })
    expect(discoverSearch({ age: '99-120', location: 'moon', denomination: "' OR 1=1--", extra: 'x' })).toEqual({})
  })

  it('leave "no filter" choices out of the URL', () => {
    expect(searchFromChoices(defaultChoices)).toEqual({})
    expect(searchFromChoices({ age: '46+', location: 'anywhere', denomination: 'seventh-day-adventist' })).toEqual({
      age: '46+',
      denomination: 'seventh-day-adventist',
    })
  })

  it('keep the advanced filters, drop false flags, unknown denominations and duplicates', () => {
    expect(
      discoverSearch({
        verifiedOnly: true,
        sabbathKeepersOnly: false,
        withPhotos: 'yes',
        education: 'masters',
        denominations: ['baptist', 'baptist', 'lutheran'],
        circle: true,
      }),
    ).toEqual({ verifiedOnly: true, education: 'masters', denominations: ['baptist', 'lutheran'], circle: true })
    expect(discoverSearch({ education: 'kindergarten', denominations: ['moon'] })).toEqual({})
    expect(discoverSearch({ denominations: [] })).toEqual({})
  })

  it('count, strip and notice the filters that are set', () => {
    const search: DiscoverSearch = { age: '46+', sabbathKeepersOnly: true, denominations: ['baptist'] }
    expect(advancedCount(search)).toBe(2)
    expect(withoutAdvanced(search)).toEqual({ age: '46+' })
    expect(hasAnyFilter(search)).toBe(true)
    expect(hasAnyFilter({})).toBe(false)
  })

  it('round-trip between the URL and the filter bar', () => {
    const search = { age: '18-25', location: 'within-50', denomination: 'non-denominational' } as const
    expect(searchFromChoices(choicesFromSearch(search))).toEqual(search)
    expect(choicesFromSearch({})).toEqual(defaultChoices)
  })
})

describe('the Discover filter sent to the server', () => {
  it('sends the age range as min and max, 46+ as 46-100 (spec section 5)', () => {
    expect(discoverFilter({ age: '18-25' }, 'free')).toEqual({ ageMin: 18, ageMax: 25 })
    expect(discoverFilter({ age: '26-35' }, 'free')).toEqual({ ageMin: 26, ageMax: 35 })
    expect(discoverFilter({ age: '36-45' }, 'free')).toEqual({ ageMin: 36, ageMax: 45 })
    expect(discoverFilter({ age: '46+' }, 'free')).toEqual({ ageMin: 46, ageMax: 100 })
  })

  it('leaves out "anywhere" and "any", so equal filters share one query key', () => {
    expect(discoverFilter({}, 'free')).toEqual({})
    expect(discoverFilter({ location: 'anywhere', denomination: 'any' }, 'free')).toEqual({})
    expect(discoverFilter({ location: 'within-10', denomination: 'baptist' }, 'free')).toEqual({
      location: 'within-10',
      denomination: 'baptist',
    })
  })

  it('sends the advanced filters only from a plan that has them, the circle only from the circle', () => {
    const search: DiscoverSearch = {
      sabbathKeepersOnly: true,
      withPhotos: true,
      education: 'doctorate',
      denominations: ['baptist'],
      circle: true,
    }
    const advanced = { sabbathKeepersOnly: true, withPhotos: true, education: 'doctorate', denominations: ['baptist'] }
    expect(discoverFilter(search, 'free')).toEqual({})
    expect(discoverFilter(search, 'premium')).toEqual(advanced)
    expect(discoverFilter(search, 'elite')).toEqual(advanced)
    expect(discoverFilter(search, 'millionaire')).toEqual({ ...advanced, circle: true })
  })
})
