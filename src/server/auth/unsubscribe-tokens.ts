import { createHmac, timingSafeEqual } from 'node:crypto'
import { type EmailCategory, emailCategories } from '#shared/schemas/account.ts'

/** Separates these signatures from anything else the secret may ever sign. */
const PURPOSE = 'unsubscribe:v1'

function signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${body}`).digest('base64url')
}

/**
 * `<member>.<category>.<HMAC>`: names the member and the kind of email, and only the server can
 * make one. It does not expire: an old email's link should still stop that email.
 */
export function unsubscribeToken(secret: string, userId: string, category: EmailCategory): string {
  const body = `${userId}.${category}`
  return `${body}.${signature(secret, body)}`
}

/** The member and category a token names, or null when it was not signed by us (forged, altered, cut short). */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; category: EmailCategory } | null {
  const [userId, category, mac, ...rest] = token.split('.')
  if (!userId || !category || !mac || rest.length > 0) return null
  if (!(emailCategories as readonly string[]).includes(category)) return null
  const expected = Buffer.from(signature(secret, `${userId}.${category}`))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return { userId, category: category as EmailCategory }
}
