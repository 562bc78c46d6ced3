import { z } from 'zod'
import { MAX_MEMBER_AGE, MIN_MEMBER_AGE } from './profile.ts'
import { denominationValues } from './profile-options.ts'

/**
 * Whom a member hopes to meet. Each stated preference ranks Discover; the ones marked as
 * dealbreakers also filter it, both ways: a member sees only those who fit their dealbreakers and
 * whose own dealbreakers they fit.
 */
export const seekingDistanceOptions = [10, 25, 50, 100, 250] as const

export const sabbathPreferences = [
  { value: 'any', label: 'No preference' },
  { value: 'keeper', label: 'Keeps the seventh-day Sabbath' },
  { value: 'not_keeper', label: 'Worships on Sunday' },
] as const
export type SabbathPreference = (typeof sabbathPreferences)[number]['value']
export const sabbathPreferenceValues = sabbathPreferences.map((option) => option.value) as [SabbathPreference, ...SabbathPreference[]]

export const dealbreakerValues = ['age', 'distance', 'denomination', 'sabbath'] as const
export type Dealbreaker = (typeof dealbreakerValues)[number]

/** Stored as one integer on the profile row. */
const dealbreakerBits: Record<Dealbreaker, number> = { age: 1, distance: 2, denomination: 4, sabbath: 8 }

export function dealbreakersFromBits(bits: number): Dealbreaker[] {
  return dealbreakerValues.filter((value) => (bits & dealbreakerBits[value]) !== 0)
}

export function dealbreakerBitsOf(values: readonly Dealbreaker[]): number {
  return values.reduce((bits, value) => bits | dealbreakerBits[value], 0)
}

const AGE_RANGE = `Please choose an age between ${MIN_MEMBER_AGE} and ${MAX_MEMBER_AGE}`
const age = z.number(AGE_RANGE).int(AGE_RANGE).min(MIN_MEMBER_AGE, AGE_RANGE).max(MAX_MEMBER_AGE, AGE_RANGE)

export const DEALBREAKER_NEEDS_PREFERENCE: Record<Dealbreaker, string> = {
  age: 'Please choose an age range to make it a dealbreaker',
  distance: 'Please choose a distance to make it a dealbreaker',
  denomination: 'Please choose at least one denomination to make it a dealbreaker',
  sabbath: 'Please choose a Sabbath preference to make it a dealbreaker',
}

/** The "Who I hope to meet" form, the procedure and `PUT /api/profile/preferences`. Null means no preference. */
export const SeekingInput = z
  .object({
    ageMin: age.nullable(),
    ageMax: age.nullable(),
    maxMiles: z
      .union(
        seekingDistanceOptions.map((miles) => z.literal(miles)),
        'Please choose a distance',
      )
      .nullable(),
    denominations: z
      .array(z.enum(denominationValues, 'Please choose a denomination'))
      .max(denominationValues.length, 'Please choose each denomination once'),
    sabbath: z.enum(sabbathPreferenceValues, 'Please choose a Sabbath preference'),
    dealbreakers: z.array(z.enum(dealbreakerValues, 'Please choose a dealbreaker')).max(dealbreakerValues.length),
  })
  .refine((seeking) => seeking.ageMin === null || seeking.ageMax === null || seeking.ageMin <= seeking.ageMax, {
    message: 'Please choose a minimum age below the maximum age',
    path: ['ageMax'],
  })
  .superRefine((seeking, context) => {
    const stated: Record<Dealbreaker, boolean> = {
      age: seeking.ageMin !== null || seeking.ageMax !== null,
      distance: seeking.maxMiles !== null,
      denomination: seeking.denominations.length > 0,
      sabbath: seeking.sabbath !== 'any',
    }
    for (const dealbreaker of new Set(seeking.dealbreakers)) {
      if (!stated[dealbreaker])
        context.addIssue({ code: 'custom', message: DEALBREAKER_NEEDS_PREFERENCE[dealbreaker], path: ['dealbreakers'] })
    }
  })
  .transform((seeking) => ({
    ...seeking,
    denominations: [...new Set(seeking.denominations)],
    dealbreakers: [...new Set(seeking.dealbreakers)],
  }))
export type SeekingInput = z.input<typeof SeekingInput>
export type Seeking = z.output<typeof SeekingInput>

export const NO_PREFERENCES: Seeking = { ageMin: null, ageMax: null, maxMiles: null, denominations: [], sabbath: 'any', dealbreakers: [] }
