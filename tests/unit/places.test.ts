import { beforeAll, describe, expect, it } from 'vitest'
import { countryName, findPlace, listCities, listCountries, listStates, stateName } from '#server/services/places.ts'

/** Median microseconds of one call, after the gazetteer is built; printed for the record, not asserted. */
function microseconds(work: () => unknown, runs = 2000) {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    work()
    times.push((performance.now() - start) * 1000)
  }
  times.sort((a, b) => a - b)
  return { median: times[runs >> 1]!, p99: times[Math.floor(runs * 0.99)]! }
}

let buildMs = 0
// Built once per process at first use: a second or more on a busy machine.
beforeAll(() => {
  const started = performance.now()
  listCountries()
  buildMs = performance.now() - started
}, 60_000)

describe('the gazetteer', () => {
  it('places a member at their city centre, whatever the case or accents they type', () => {
    const nashville = findPlace('US', 'TN', 'nashville')
    expect(nashville).toMatchObject({ city: 'Nashville', state: 'TN', country: 'US' })
    expect(nashville!.latitude).toBeCloseTo(36.17, 1)
    expect(nashville!.longitude).toBeCloseTo(-86.78, 1)
    expect(findPlace('BR', 'SP', 'Sao Paulo')?.city).toBe('São Paulo')
    expect(findPlace('CA', 'ON', ' Toronto ')?.city).toBe('Toronto')
  })

  it('knows no city outside its state, and nothing of made-up places', () => {
    expect(findPlace('US', 'GA', 'Nashville')?.latitude).not.toBeCloseTo(36.17, 1)
    expect(findPlace('US', 'TN', 'Atlantis')).toBeNull()
    expect(findPlace('ZZ', 'QQ', 'Nowhere')).toBeNull()
    expect(listStates('ZZ')).toEqual([])
    expect(listCities('US', 'QQ')).toEqual([])
  })

  it('names states by their ISO 3166-2 codes, the codes members already have on file', () => {
    expect(listStates('US')).toHaveLength(51)
    expect(listStates('US')).toContainEqual({ code: 'TN', name: 'Tennessee' })
    expect(listStates('CA')).toContainEqual({ code: 'ON', name: 'Ontario' })
    expect(listStates('AU')).toContainEqual({ code: 'NSW', name: 'New South Wales' })
    expect(listStates('GB').map((s) => s.code)).toEqual(expect.arrayContaining(['ENG', 'SCT', 'WLS', 'NIR']))
    expect(listStates('NG')).toContainEqual({ code: 'LA', name: 'Lagos' })
    expect(stateName('US', 'TN')).toBe('Tennessee')
    expect(countryName('US')).toBe('United States')
    expect(countryName('GB')).toBe('United Kingdom')
    expect(listStates('SG')).toEqual([{ code: 'SG', name: 'Singapore' }])
    expect(findPlace('SG', 'SG', 'singapore')?.city).toBe('Singapore')
  })

  it('never gives two states of one country the same code', () => {
    const merged = listCountries().filter(({ code }) => {
      const codes = listStates(code).map((s) => s.code)
      return new Set(codes).size !== codes.length
    })
    expect(merged).toEqual([])
    // Reads every country's places, not just the few a member asks for.
  }, 30_000)

  it('lists the countries of the world by name, each with its states', () => {
    const countries = listCountries()
    expect(countries.length).toBeGreaterThan(200)
    expect(countries.map((c) => c.name)).toEqual([...countries.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')))
    expect(countries.every(({ code }) => listStates(code).length > 0)).toBe(true)
  })

  it('suggests the first few cities that begin with what the member typed', () => {
    expect(listCities('US', 'TN', 'nash')).toContain('Nashville')
    const suggestions = listCities('US', 'CA', 'san')
    expect(suggestions.length).toBe(20)
    expect(suggestions.every((name) => name.toLowerCase().startsWith('san'))).toBe(true)
    expect(listCities('BR', 'SP', 'sao p')).toContain('São Paulo')
    expect(listCities('US', 'TN', 'zzzz')).toEqual([])
    expect(listCities('US', 'TN')).toContain('Collegedale')
  })

  it('answers a lookup and a typeahead in well under a millisecond once built', () => {
    const lookup = microseconds(() => findPlace('US', 'TN', 'Chattanooga'))
    const typeahead = microseconds(() => listCities('US', 'CA', 'los'))
    const states = microseconds(() => listStates('US'))
    console.info(
      `gazetteer: built in ${buildMs.toFixed(0)} ms; city lookup median ${lookup.median.toFixed(1)} µs, p99 ${lookup.p99.toFixed(1)} µs; typeahead median ${typeahead.median.toFixed(1)} µs, p99 ${typeahead.p99.toFixed(1)} µs; states median ${states.median.toFixed(1)} µs`,
    )
    expect(findPlace('US', 'TN', 'Chattanooga')?.city).toBe('Chattanooga')
    expect(listCities('US', 'CA', 'los')).toContain('Los Angeles')
  })
})
