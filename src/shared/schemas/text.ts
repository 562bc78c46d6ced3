import { z } from 'zod'

// Control characters (but tab and newline) and bidi overrides can spoof or break what others see.
const FORBIDDEN_SINGLE_LINE = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/
const FORBIDDEN_MULTI_LINE = /[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/

function cleanText(forbidden: RegExp, max: number, tooLong: string) {
  return z
    .string()
    .refine((value) => value.isWellFormed(), 'Please remove unsupported characters')
    .transform((value) => value.normalize('NFC').trim())
    .refine((value) => !forbidden.test(value), 'Please remove unsupported characters')
    .refine((value) => value.length <= max, tooLong)
}

export const singleLineText = (max: number, tooLong = `Please keep this under ${max} characters`) =>
  cleanText(FORBIDDEN_SINGLE_LINE, max, tooLong)

export const multiLineText = (max: number, tooLong = `Please keep this under ${max} characters`) =>
  cleanText(FORBIDDEN_MULTI_LINE, max, tooLong)
