import { randomBytes } from 'node:crypto'

/** 128 random bits, URL-safe: ids never reveal order or count. */
export function randomId(): string {
  return randomBytes(16).toString('base64url')
}
