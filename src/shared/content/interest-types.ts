/** The four kinds of Thoughtful Interest; coffee_date is the screen's default choice. */
export const interestTypes = [
  { value: 'coffee_date', label: 'Coffee Date', description: 'A low-commitment first meeting over coffee or tea.' },
  { value: 'potluck', label: 'Church Potluck', description: 'Meet in community at a church fellowship meal.' },
  { value: 'study_partner', label: 'Study Partner', description: 'Open the Word together as Bible study partners.' },
  { value: 'general', label: 'General Interest', description: 'Let them know you would like to get to know them.' },
] as const satisfies readonly { value: string; label: string; description: string }[]
export type InterestType = (typeof interestTypes)[number]['value']
export const interestTypeValues = interestTypes.map((type) => type.value) as [InterestType, ...InterestType[]]
export const DEFAULT_INTEREST_TYPE: InterestType = 'coffee_date'

/** Only a meeting in person has a suggested activity and a time preference. */
const interestTypesWithActivity: readonly InterestType[] = ['coffee_date', 'potluck']

export function hasActivity(type: InterestType): boolean {
  return interestTypesWithActivity.includes(type)
}

export function interestTypeLabel(value: string): string {
  return interestTypes.find((type) => type.value === value)?.label ?? ''
}

export const timePreferences = [
  { value: 'weekday_morning', label: 'Weekday morning' },
  { value: 'weekday_afternoon', label: 'Weekday afternoon' },
  { value: 'weekday_evening', label: 'Weekday evening' },
  { value: 'weekend_morning', label: 'Weekend morning' },
  { value: 'weekend_afternoon', label: 'Weekend afternoon' },
  { value: 'weekend_evening', label: 'Weekend evening' },
  { value: 'sabbath', label: 'Sabbath/Sunday' },
  { value: 'flexible', label: 'Flexible' },
] as const satisfies readonly { value: string; label: string }[]
export type TimePreference = (typeof timePreferences)[number]['value']
export const timePreferenceValues = timePreferences.map((option) => option.value) as [TimePreference, ...TimePreference[]]

export const INTEREST_MESSAGE_MAX_LENGTH = 500
export const SUGGESTED_ACTIVITY_MAX_LENGTH = 300
