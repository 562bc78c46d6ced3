import { z } from 'zod'
import {
  type AgeRangeFilter,
  ageRangeFilterOptions,
  type DenominationFilter,
  denominationFilterOptions,
  type LocationFilter,
  locationFilterOptions,
} from '#shared/content/preferences.ts'
import type { DiscoverInput } from '#shared/schemas/members.ts'

const ageValues = ageRangeFilterOptions.map((option) => option.value) as [AgeRangeFilter, ...AgeRangeFilter[]]
const locationValues = locationFilterOptions.map((option) => option.value) as [LocationFilter, ...LocationFilter[]]
const denominationValues = denominationFilterOptions.map((option) => option.value) as [DenominationFilter, ...DenominationFilter[]]

/** Discover's filters as they sit in the URL; a hand-edited or stale value falls back to "no filter". */
export const discoverSearch = z.object({
  age: z.enum(ageValues).optional().catch(undefined),
  location: z.enum(locationValues).optional().catch(undefined),
  denomination: z.enum(denominationValues).optional().catch(undefined),
})
export type DiscoverSearch = z.output<typeof discoverSearch>

/** The filter bar's choices; the "no filter" value of each select is the one the URL leaves out. */
export interface DiscoverChoices {
  age: AgeRangeFilter | 'any'
  location: LocationFilter
  denomination: DenominationFilter
}

export const ANY_AGE = 'any'
export const defaultChoices: DiscoverChoices = { age: ANY_AGE, location: 'anywhere', denomination: 'any' }

export function choicesFromSearch(search: DiscoverSearch): DiscoverChoices {
  return {
    age: search.age ?? defaultChoices.age,
    location: search.location ?? defaultChoices.location,
    denomination: search.denomination ?? defaultChoices.denomination,
  }
}

/** Only the choices that filter make it into the URL, so the unfiltered feed has a clean address. */
export function searchFromChoices(choices: DiscoverChoices): DiscoverSearch {
  const search: DiscoverSearch = {}
  if (choices.age !== ANY_AGE) search.age = choices.age
  if (choices.location !== defaultChoices.location) search.location = choices.location
  if (choices.denomination !== defaultChoices.denomination) search.denomination = choices.denomination
  return search
}

/**
 * The procedure's filter (spec: age sent as min/max, 46+ as 46-100). "No filter" values are left
 * out rather than sent, so equal filters always make the same query key.
 */
export function discoverFilter(search: DiscoverSearch): Omit<DiscoverInput, 'cursor'> {
  const filter: Omit<DiscoverInput, 'cursor'> = {}
  const age = ageRangeFilterOptions.find((option) => option.value === search.age)
  if (age) {
    filter.ageMin = age.min
    filter.ageMax = age.max
  }
  if (search.location && search.location !== defaultChoices.location) filter.location = search.location
  if (search.denomination && search.denomination !== defaultChoices.denomination) filter.denomination = search.denomination
  return filter
}
