import { City, Country, State } from 'country-state-city'

/** A city from the offline gazetteer: members are placed at its centre, never at their own position. */
export interface Place {
  city: string
  state: string
  country: string
  latitude: number
  longitude: number
}

const collator = new Intl.Collator('en', { sensitivity: 'base' })

/**
 * The gazetteer never changes while the process runs, and a city lookup scans every city in the
 * world (about 10 ms): each answer is worked out once and kept.
 */
function remembered<T>(work: (key: string) => T) {
  const answers = new Map<string, T>()
  return (key: string) => {
    const known = answers.get(key)
    if (known !== undefined) return known
    const answer = work(key)
    answers.set(key, answer)
    return answer
  }
}

const countries = Country.getAllCountries().map((c) => ({ code: c.isoCode, name: c.name }))
const statesOf = remembered((country) => State.getStatesOfCountry(country).map((s) => ({ code: s.isoCode, name: s.name })))
// Keyed by the gazetteer's own codes only, so a stranger's made-up codes cannot grow the map.
const citiesOf = remembered((key) => {
  const [country = '', state = ''] = key.split('/')
  return City.getCitiesOfState(country, state) ?? []
})
const knownRegion = (country: string, state: string) => listStates(country).some((s) => s.code === state)
const citiesOfState = (country: string, state: string) => (knownRegion(country, state) ? citiesOf(`${country}/${state}`) : [])
const cityNamesOf = remembered((key) => citiesOf(key).map((c) => c.name))

export function listCountries() {
  return countries
}

export function listStates(country: string) {
  return Country.getCountryByCode(country) ? statesOf(country) : []
}

export function listCities(country: string, state: string): string[] {
  return knownRegion(country, state) ? cityNamesOf(`${country}/${state}`) : []
}

/** Case- and accent-insensitive lookup; null when the gazetteer does not know the city. */
export function findPlace(country: string, state: string, city: string): Place | null {
  const match = citiesOfState(country, state).find((c) => collator.compare(c.name, city.trim()) === 0)
  if (!match) return null
  return {
    city: match.name,
    state: match.stateCode,
    country: match.countryCode,
    latitude: Number(match.latitude),
    longitude: Number(match.longitude),
  }
}

export function stateName(country: string, state: string): string {
  return State.getStateByCodeAndCountry(state, country)?.name ?? state
}

export function countryName(country: string): string {
  return Country.getCountryByCode(country)?.name ?? country
}
