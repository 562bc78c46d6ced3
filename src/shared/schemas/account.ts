import { z } from 'zod'
import { email, newPassword } from './auth.ts'

const currentPassword = z.string().min(1, 'Please enter your current password').max(256, 'Password is too long')

export const ChangePasswordInput = z.object({ currentPassword, newPassword })
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>

export const ChangeEmailInput = z.object({ email, password: currentPassword })
export type ChangeEmailInput = z.input<typeof ChangeEmailInput>
