import { z } from 'zod'
import { denominationValues, faithJourneys, genders } from './profile-options.ts'
import { multiLineText, singleLineText } from './text.ts'

export const MIN_MEMBER_AGE = 18
export const MAX_MEMBER_AGE = 100
export const BIO_MAX_LENGTH = 1000

/** Whole years between a YYYY-MM-DD birth date and `today` (local calendar). */
export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number]
  let age = today.getFullYear() - year
  const beforeBirthday = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)
  if (beforeBirthday) age -= 1
  return age
}

const birthDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter your birth date')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Please enter your birth date')
  .refine((value) => ageOn(value, new Date()) >= MIN_MEMBER_AGE, 'You must be at least 18 years old')
  .refine((value) => ageOn(value, new Date()) <= MAX_MEMBER_AGE, 'Please check your birth date')

/** `.strict()` turns a smuggled `plan`, `isVerified` or `role` into a 400 instead of a silent write. */
export const UpdateProfileInput = z
  .object({
    firstName: singleLineText(50).refine((v) => v.length > 0, 'First name is required'),
    lastName: singleLineText(50).refine((v) => v.length > 0, 'Last name is required'),
    gender: z.enum(genders, 'Please choose man or woman'),
    birthDate,
    country: z.string().regex(/^[A-Z]{2}$/, 'Please choose your country'),
    state: singleLineText(80).refine((v) => v.length > 0, 'Please choose your state or region'),
    city: singleLineText(80).refine((v) => v.length > 0, 'Please enter your city'),
    denomination: z.enum(denominationValues, 'Please choose your denomination'),
    isSabbathKeeper: z.boolean(),
    faithJourney: z.enum(faithJourneys, 'Please choose where you are in your faith journey'),
    churchName: singleLineText(120),
    spiritualGifts: singleLineText(300),
    bio: multiLineText(BIO_MAX_LENGTH, `Please keep your bio under ${BIO_MAX_LENGTH} characters`),
  })
  .partial()
  .strict()
export type UpdateProfileInput = z.input<typeof UpdateProfileInput>

export const StatesInput = z.object({ country: z.string().regex(/^[A-Z]{2}$/) })
/** Without `startsWith` the whole state's list; with it, the first few cities whose name begins so. */
export const CitiesInput = z.object({
  country: z.string().regex(/^[A-Z]{2}$/),
  state: z.string().min(1).max(10),
  startsWith: z.string().trim().min(1).max(60).optional(),
})

export const PhotoIdInput = z.object({ photoId: z.string().min(1).max(64) })

/** Bytes arrive through the multipart REST route; the type is checked by content on the server. */
export const PhotoUploadInput = z.object({ image: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'Please choose a photo') })
