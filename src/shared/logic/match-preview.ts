import { type LandingPreferenceKey, landingPreferences } from '#shared/content/preferences.ts'

/** Marketing only: 1000 less 150 per chosen preference, but never under a random 50-149. */
export function fakeMatchCount(chosenCount: number, random: () => number): number {
  return Math.max(1000 - 150 * chosenCount, 50 + Math.floor(random() * 100))
}

export type PreferenceSelection = Partial<Record<LandingPreferenceKey, string>>

export interface ChosenPreference {
  key: LandingPreferenceKey
  label: string
  value: string
}

/** The preferences a visitor really chose, in display order; each list's first option means "no preference". */
export function chosenPreferences(selection: PreferenceSelection): ChosenPreference[] {
  return landingPreferences.flatMap(({ key, label, options }) => {
    const value = selection[key]
    return value !== undefined && value !== options[0] ? [{ key, label, value }] : []
  })
}
