import { z } from 'zod'

// Control characters (but tab and newline in longer text) and bidi overrides can spoof or break what others see.
export const FORBIDDEN_SINGLE_LINE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u
const FORBIDDEN_MULTI_LINE = /(?![\t\n])\p{Cc}|[\u202a-\u202e\u2066-\u2069]/u

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
