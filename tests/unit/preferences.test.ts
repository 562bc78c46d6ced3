import { describe, expect, it } from 'vitest'
import {
  ageRangeFilterOptions,
  denominationFilterOptions,
  denominations,
  landingPreferences,
  locationFilterOptions,
} from '#shared/content/preferences.ts'

describe('landing preference lists', () => {
  it('shows the seven dropdowns with their labels, in order', () => {
    expect(landingPreferences.map((preference) => preference.label)).toEqual([
      'Age Range',
      'Race/Ethnicity',
      'Income Range',
      'Denomination',
      'Nationality',
      'Education Level',
      'Location',
    ])
  })

  it('offers exactly the spec’s options in each dropdown', () => {
    expect(Object.fromEntries(landingPreferences.map((preference) => [preference.key, preference.options]))).toEqual({
      age: ['Any', '18-25', '26-30', '31-35', '36-40', '41-45', '46-50', '51-55', '56-60', '60+'],
      ethnicity: [
        'Any',
        'White/Caucasian',
        'Black/African American',
        'Hispanic/Latino',
        'Asian',
        'Native American',
        'Pacific Islander',
        'Mixed Race',
      ],
      income: ['Any', '$25k-$35k', '$35k-$50k', '$50k-$75k', '$75k-$100k', '$100k-$150k', '$150k+'],
      denomination: [
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
      nationality: ['Any', 'American', 'Canadian', 'British', 'Australian', 'German', 'French', 'Italian', 'Spanish', 'Other'],
      education: ['Any', 'High School', 'Some College', "Bachelor's Degree", "Master's Degree", 'PhD/Doctorate', 'Trade School'],
      location: ['Any', 'United States', 'Canada', 'United Kingdom', 'Australia', 'Germany', 'France', 'Italy', 'Spain', 'Other'],
    })
  })

  it('has the spec’s number of options per dropdown', () => {
    expect(landingPreferences.map((preference) => preference.options.length)).toEqual([10, 8, 7, 10, 10, 7, 10])
  })
})

describe('discover filter options', () => {
  it('sends the age ranges as min and max, with 46+ as 46-100', () => {
    expect(ageRangeFilterOptions.map(({ value, min, max }) => [value, min, max])).toEqual([
      ['18-25', 18, 25],
      ['26-35', 26, 35],
      ['36-45', 36, 45],
      ['46+', 46, 100],
    ])
  })

  it('labels the location choices in miles', () => {
    expect(locationFilterOptions).toEqual([
      { value: 'within-10', label: 'Within 10 miles' },
      { value: 'within-50', label: 'Within 50 miles' },
      { value: 'same-state', label: 'Same state' },
      { value: 'anywhere', label: 'Anywhere' },
    ])
  })

  it('offers the spec’s denominations with readable labels', () => {
    expect(denominationFilterOptions).toEqual([
      { value: 'seventh-day-adventist', label: 'Seventh-day Adventist' },
      { value: 'baptist', label: 'Baptist' },
      { value: 'non-denominational', label: 'Non-denominational' },
      { value: 'any', label: 'Any denomination' },
    ])
  })
})

describe('profile denominations', () => {
  it('includes every denomination a visitor can ask for on the landing page, plus Non-denominational', () => {
    const landingDenominations = landingPreferences.find((preference) => preference.key === 'denomination')?.options ?? []
    const labels = denominations.map((denomination) => denomination.label)
    expect(labels).toEqual(expect.arrayContaining([...landingDenominations.slice(1), 'Non-denominational']))
  })

  it('uses the same slugs as the discover filter', () => {
    const slugs = denominations.map((denomination) => denomination.value)
    for (const option of denominationFilterOptions) if (option.value !== 'any') expect(slugs).toContain(option.value)
  })

  it('uses unique kebab-case slugs', () => {
    const slugs = denominations.map((denomination) => denomination.value)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+(?:-[a-z]+)*$/)
  })
})
