export const genders = ['man', 'woman'] as const
export type Gender = (typeof genders)[number]

export const genderLabels: Record<Gender, string> = { man: 'Man', woman: 'Woman' }

export const faithJourneys = [
  'raised_in_the_faith',
  'came_to_faith_as_adult',
  'returned_to_faith',
  'growing_in_faith',
  'new_believer',
  'in_ministry',
] as const
export type FaithJourney = (typeof faithJourneys)[number]

/** Stored underscored (the spec's shape); shown as words. */
export function faithJourneyLabel(journey: string): string {
  const words = journey.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export const denominations = [
  { value: 'seventh-day-adventist', label: 'Seventh-day Adventist' },
  { value: 'baptist', label: 'Baptist' },
  { value: 'non-denominational', label: 'Non-denominational' },
  { value: 'protestant', label: 'Protestant' },
  { value: 'catholic', label: 'Catholic' },
  { value: 'orthodox', label: 'Orthodox' },
  { value: 'methodist', label: 'Methodist' },
  { value: 'lutheran', label: 'Lutheran' },
  { value: 'presbyterian', label: 'Presbyterian' },
  { value: 'pentecostal', label: 'Pentecostal' },
  { value: 'anglican', label: 'Anglican' },
  { value: 'assemblies-of-god', label: 'Assemblies of God' },
  { value: 'church-of-christ', label: 'Church of Christ' },
] as const
export type Denomination = (typeof denominations)[number]['value']
export const denominationValues = denominations.map((d) => d.value) as [Denomination, ...Denomination[]]

export function denominationLabel(value: string | null | undefined): string {
  return denominations.find((d) => d.value === value)?.label ?? ''
}

/** The lowest verified degree Discover's advanced filter asks for; a doctorate and a professional degree rank alike. */
export const educationFilters = ['bachelors', 'masters', 'doctorate'] as const
export type EducationFilter = (typeof educationFilters)[number]
