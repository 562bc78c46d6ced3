import { z } from 'zod'
import { email, newPassword } from './auth.ts'

const currentPassword = z.string().min(1, 'Please enter your current password').max(256, 'Password is too long')

export const ChangePasswordInput = z.object({ currentPassword, newPassword })
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>

export const ChangeEmailInput = z.object({ email, password: currentPassword })
export type ChangeEmailInput = z.input<typeof ChangeEmailInput>

/** The kinds of email a member gets while away, each with its own switch and its own unsubscribe link. */
/** Incognito browsing (Quantum Soul and up): seen only by members one has liked. */
export const IncognitoInput = z.object({ incognito: z.boolean('Please choose on or off') }).strict()
export type IncognitoInput = z.input<typeof IncognitoInput>

export const emailCategories = ['match', 'interest', 'reminder', 'message'] as const
export type EmailCategory = (typeof emailCategories)[number]

const messageEmailModes = ['digest', 'off'] as const

export const NotificationPreferencesInput = z.object({
  matchEmails: z.boolean(),
  interestEmails: z.boolean(),
  reminderEmails: z.boolean(),
  messageEmails: z.enum(messageEmailModes, 'Please choose how message emails arrive'),
})
export type NotificationPreferencesInput = z.input<typeof NotificationPreferencesInput>

/** What an emailed unsubscribe link carries: a signed token, nothing else. */
export const UnsubscribeInput = z.object({ token: z.string().min(1, 'This unsubscribe link is incomplete.').max(512) })
