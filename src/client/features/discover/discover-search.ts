import { oneOf, onlyTrue, searchParams, someOf } from '#client/lib/search-params.ts'
import {
  type AgeRangeFilter,
  ageRangeFilterOptions,
  type DenominationFilter,
  denominationFilterOptions,
  type LocationFilter,
  locationFilterOptions,
} from '#shared/content/preferences.ts'
import { hasFeature } from '#shared/logic/entitlements.ts'
import type { DiscoverInput } from '#shared/schemas/members.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { educationFilters, denominationValues as profileDenominations } from '#shared/schemas/profile-options.ts'

/** Discover's filters as they sit in the URL; a hand-edited or stale value falls back to "no filter". */
export const discoverSearch = searchParams({
  age: oneOf(ageRangeFilterOptions.map((option) => option.value)),
  location: oneOf(locationFilterOptions.map((option) => option.value)),
  denomination: oneOf(denominationFilterOptions.map((option) => option.value)),
  verifiedOnly: onlyTrue,
  sabbathKeepersOnly: onlyTrue,
  withPhotos: onlyTrue,
  education: oneOf(educationFilters),
  denominations: someOf(profileDenominations),
  circle: onlyTrue,
})
export type DiscoverSearch = ReturnType<typeof discoverSearch>

/** The advanced filters (Divine Connection and up; the circle Millionaire's Faith and up), as they sit in the URL. */
export type AdvancedSearch = Pick<
  DiscoverSearch,
  'verifiedOnly' | 'sabbathKeepersOnly' | 'withPhotos' | 'education' | 'denominations' | 'circle'
>
const advancedKeys = ['verifiedOnly', 'sabbathKeepersOnly', 'withPhotos', 'education', 'denominations', 'circle'] as const

export function advancedFrom(search: DiscoverSearch): AdvancedSearch {
  const advanced: AdvancedSearch = {}
  for (const key of advancedKeys) if (search[key] !== undefined) Object.assign(advanced, { [key]: search[key] })
  return advanced
}

/** How many advanced filters are set: the count on the More filters button. */
export function advancedCount(search: DiscoverSearch): number {
  return advancedKeys.filter((key) => search[key] !== undefined).length
}

export function withoutAdvanced(search: DiscoverSearch): DiscoverSearch {
  const basic = { ...search }
  for (const key of advancedKeys) delete basic[key]
  return basic
}

export function hasAnyFilter(search: DiscoverSearch): boolean {
  return Object.values(search).some((value) => value !== undefined)
}

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
 * out rather than sent, so equal filters always make the same query key. Advanced filters go only
 * from a plan that has them.
 */
export function discoverFilter(search: DiscoverSearch, plan: PlanId): Omit<DiscoverInput, 'cursor'> {
  const filter: Omit<DiscoverInput, 'cursor'> = {}
  const age = ageRangeFilterOptions.find((option) => option.value === search.age)
  if (age) {
    filter.ageMin = age.min
    filter.ageMax = age.max
  }
  if (search.location && search.location !== defaultChoices.location) filter.location = search.location
  if (search.denomination && search.denomination !== defaultChoices.denomination) filter.denomination = search.denomination
  // A plan without them never sends them (the server would refuse the whole page); a shared link keeps them for later.
  if (hasFeature(plan, 'advanced_filters')) {
    const { circle, ...advanced } = advancedFrom(search)
    Object.assign(filter, advanced)
    if (circle && hasFeature(plan, 'private_circle')) filter.circle = true
  }
  return filter
}
