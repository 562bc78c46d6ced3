import { z } from 'zod'
import { singleLineText } from './text.ts'

/** Beyond this, hashing becomes a denial-of-service lever; nobody types a longer password. */
const PASSWORD_MAX_LENGTH = 256
const PASSWORD_MIN_LENGTH = 8

const email = z
  .string()
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase())

const name = (requiredMessage: string) =>
  singleLineText(50, 'Please keep names under 50 characters').refine((value) => value.length > 0, requiredMessage)

export const LoginInput = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
})
export type LoginInput = z.input<typeof LoginInput>

export const RegisterInput = z.object({
  email,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
  firstName: name('First name is required'),
  lastName: name('Last name is required'),
})
export type RegisterInput = z.input<typeof RegisterInput>
