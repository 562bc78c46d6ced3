import { z } from 'zod'
import { type LocationFilter, locationFilterOptions } from '#shared/content/preferences.ts'
import { MAX_MEMBER_AGE, MIN_MEMBER_AGE } from './profile.ts'
import { type Denomination, denominationValues, educationFilters } from './profile-options.ts'

/** Another member, by their user id (random, never sequential). */
export const memberId = z.string('Please choose a member').min(1, 'Please choose a member').max(64, 'Please choose a member')

const AGE_RANGE = `Please choose an age between ${MIN_MEMBER_AGE} and ${MAX_MEMBER_AGE}`

// Query strings arrive as text over REST; the client sends numbers.
const age = z.coerce.number(AGE_RANGE).int(AGE_RANGE).min(MIN_MEMBER_AGE, AGE_RANGE).max(MAX_MEMBER_AGE, AGE_RANGE)

const locationValues = locationFilterOptions.map((option) => option.value) as [LocationFilter, ...LocationFilter[]]

// Query strings carry "true"/"false"; the client sends booleans.
const flag = z.union([z.boolean(), z.stringbool()], 'Please choose yes or no').optional()

const MAX_DENOMINATIONS = denominationValues.length

/**
 * The Discover filter bar; a missing field means no filter. `cursor` comes from the previous page.
 * From `verifiedOnly` down the filters are advanced (Divine Connection and up) and each is a hard
 * filter, never a preference; `circle` is the income-verified circle (Millionaire's Faith and up).
 */
export const DiscoverInput = z
  .object({
    ageMin: age.optional(),
    ageMax: age.optional(),
    location: z.enum(locationValues, 'Please choose a location filter').optional(),
    denomination: z
      .enum([...denominationValues, 'any'] as [Denomination | 'any', ...(Denomination | 'any')[]], 'Please choose a denomination')
      .optional(),
    verifiedOnly: flag,
    sabbathKeepersOnly: flag,
    withPhotos: flag,
    education: z.enum(educationFilters, 'Please choose an education level').optional(),
    // Over REST: `denominations=baptist,methodist`.
    denominations: z
      .preprocess(
        (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
        z
          .array(z.enum(denominationValues, 'Please choose a denomination'))
          .max(MAX_DENOMINATIONS, `Please choose at most ${MAX_DENOMINATIONS} denominations`),
      )
      .optional(),
    circle: flag,
    cursor: z.string().max(1000).nullish(),
  })
  .refine((filter) => filter.ageMin === undefined || filter.ageMax === undefined || filter.ageMin <= filter.ageMax, {
    message: 'Please choose a minimum age below the maximum age',
    path: ['ageMax'],
  })
export type DiscoverInput = z.input<typeof DiscoverInput>

/** A member's public profile, a block or an unblock: the other member's user id. */
export const MemberInput = z.object({ userId: memberId })
export type MemberInput = z.input<typeof MemberInput>
