import { z } from 'zod'
import { singleLineText } from './text.ts'

/** Beyond this, hashing becomes a denial-of-service lever; nobody types a longer password. */
const PASSWORD_MAX_LENGTH = 256
const PASSWORD_MIN_LENGTH = 8

export const email = z
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

/** A password being chosen: registration, reset and change share its rules and messages. */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long')

/** The token from an emailed link: 256 random bits, base64url. */
const linkToken = z
  .string('This link is incomplete. Please open it again from your email.')
  .trim()
  .min(1, 'This link is incomplete. Please open it again from your email.')
  .max(128, 'This link is incomplete. Please open it again from your email.')

export const RegisterInput = z.object({
  email,
  password: newPassword,
  firstName: name('First name is required'),
  lastName: name('Last name is required'),
})
export type RegisterInput = z.input<typeof RegisterInput>

export const ForgotPasswordInput = z.object({ email })
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>

export const ResetPasswordInput = z.object({ token: linkToken, password: newPassword })
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>

export const VerifyEmailInput = z.object({ token: linkToken })
export type VerifyEmailInput = z.input<typeof VerifyEmailInput>
