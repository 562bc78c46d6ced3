const landingPreferenceKeys = ['age', 'ethnicity', 'income', 'denomination', 'nationality', 'education', 'location'] as const
export type LandingPreferenceKey = (typeof landingPreferenceKeys)[number]

export interface LandingPreference {
  key: LandingPreferenceKey
  label: string
  // The first option means "no preference" and does not count as a choice.
  options: readonly [string, ...string[]]
}

// The landing page's 'Find Your Future Spouse' dropdowns, in display order.
export const landingPreferences = [
  {
    key: 'age',
    label: 'Age Range',
    options: ['Any', '18-25', '26-30', '31-35', '36-40', '41-45', '46-50', '51-55', '56-60', '60+'],
  },
  {
    key: 'ethnicity',
    label: 'Race/Ethnicity',
    options: [
      'Any',
      'White/Caucasian',
      'Black/African American',
      'Hispanic/Latino',
      'Asian',
      'Native American',
      'Pacific Islander',
      'Mixed Race',
    ],
  },
  {
    key: 'income',
    label: 'Income Range',
    options: ['Any', '$25k-$35k', '$35k-$50k', '$50k-$75k', '$75k-$100k', '$100k-$150k', '$150k+'],
  },
  {
    key: 'denomination',
    label: 'Denomination',
    options: [
      'Any Christian',
      'Protestant',
      'Catholic',
      'Orthodox',
      'Baptist',
      'Methodist',
      'Lutheran',
      'Presbyterian',
      'Pentecostal',
      'Seventh-day Adventist',
    ],
  },
  {
    key: 'nationality',
    label: 'Nationality',
    options: ['Any', 'American', 'Canadian', 'British', 'Australian', 'German', 'French', 'Italian', 'Spanish', 'Other'],
  },
  {
    key: 'education',
    label: 'Education Level',
    options: ['Any', 'High School', 'Some College', "Bachelor's Degree", "Master's Degree", 'PhD/Doctorate', 'Trade School'],
  },
  {
    key: 'location',
    label: 'Location',
    options: ['Any', 'United States', 'Canada', 'United Kingdom', 'Australia', 'Germany', 'France', 'Italy', 'Spain', 'Other'],
  },
] as const satisfies readonly LandingPreference[]

import type { Denomination } from '#shared/schemas/profile-options.ts'

export { type Denomination, denominations } from '#shared/schemas/profile-options.ts'

export const ageRangeFilterOptions = [
  { value: '18-25', label: '18-25', min: 18, max: 25 },
  { value: '26-35', label: '26-35', min: 26, max: 35 },
  { value: '36-45', label: '36-45', min: 36, max: 45 },
  { value: '46+', label: '46+', min: 46, max: 100 },
] as const satisfies readonly { value: string; label: string; min: number; max: number }[]
export type AgeRangeFilter = (typeof ageRangeFilterOptions)[number]['value']

export const locationFilterOptions = [
  { value: 'within-10', label: 'Within 10 miles' },
  { value: 'within-50', label: 'Within 50 miles' },
  { value: 'same-state', label: 'Same state' },
  { value: 'anywhere', label: 'Anywhere' },
] as const satisfies readonly { value: string; label: string }[]
export type LocationFilter = (typeof locationFilterOptions)[number]['value']

// Slugs match `denominations`; 'any' means no denomination filter.
export const denominationFilterOptions = [
  { value: 'seventh-day-adventist', label: 'Seventh-day Adventist' },
  { value: 'baptist', label: 'Baptist' },
  { value: 'non-denominational', label: 'Non-denominational' },
  { value: 'any', label: 'Any denomination' },
] as const satisfies readonly { value: Denomination | 'any'; label: string }[]
export type DenominationFilter = (typeof denominationFilterOptions)[number]['value']
