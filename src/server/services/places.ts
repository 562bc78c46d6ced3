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

export function listCountries() {
  return Country.getAllCountries().map((c) => ({ code: c.isoCode, name: c.name }))
}

export function listStates(country: string) {
  return State.getStatesOfCountry(country).map((s) => ({ code: s.isoCode, name: s.name }))
}

export function listCities(country: string, state: string): string[] {
  return (City.getCitiesOfState(country, state) ?? []).map((c) => c.name)
}

/** Case- and accent-insensitive lookup; null when the gazetteer does not know the city. */
export function findPlace(country: string, state: string, city: string): Place | null {
  const match = (City.getCitiesOfState(country, state) ?? []).find((c) => collator.compare(c.name, city.trim()) === 0)
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
