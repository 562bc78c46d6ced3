import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { notificationPreferences, users } from '#db/schema/index.ts'
import { readUnsubscribeToken } from '#server/auth/unsubscribe-tokens.ts'
import { InvalidInputError } from '#server/errors.ts'
import type { EmailCategory, NotificationPreferencesInput } from '#shared/schemas/account.ts'

type Preferences = Required<NotificationPreferencesInput>

/** No row means these: told of matches, interests and reminders, and a digest for messages. */
const DEFAULT_PREFERENCES: Preferences = { matchEmails: true, interestEmails: true, reminderEmails: true, messageEmails: 'digest' }

export const UNSUBSCRIBE_REFUSED = 'This unsubscribe link is not valid. You can choose your emails in your account settings.'

export async function notificationPreferencesOf(db: Database, userId: string): Promise<Preferences> {
  const [row] = await db
    .select({
      matchEmails: notificationPreferences.matchEmails,
      interestEmails: notificationPreferences.interestEmails,
      reminderEmails: notificationPreferences.reminderEmails,
      messageEmails: notificationPreferences.messageEmails,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
  return row ?? DEFAULT_PREFERENCES
}

export async function setNotificationPreferences(db: Database, userId: string, input: Preferences, now = new Date()) {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...input, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...input, updatedAt: now } })
  return notificationPreferencesOf(db, userId)
}

/** Whether the member still wants this kind of email. */
export async function wantsEmail(db: Database, userId: string, category: EmailCategory): Promise<boolean> {
  const preferences = await notificationPreferencesOf(db, userId)
  if (category === 'message') return preferences.messageEmails === 'digest'
  return preferences[`${category}Emails`]
}

const switchOff: Record<EmailCategory, Partial<Preferences>> = {
  match: { matchEmails: false },
  interest: { interestEmails: false },
  reminder: { reminderEmails: false },
  message: { messageEmails: 'off' },
}

/**
 * The one-click unsubscribe: the signed token is the only authority, no session is needed. Turning
 * an email off twice is not an error; a token we did not sign is refused.
 */
export async function unsubscribe(db: Database, secret: string, token: string, now = new Date()) {
  const named = readUnsubscribeToken(secret, token)
  if (!named) throw new InvalidInputError(UNSUBSCRIBE_REFUSED)
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, named.userId))
  if (!member) throw new InvalidInputError(UNSUBSCRIBE_REFUSED)
  const change = switchOff[named.category]
  await db
    .insert(notificationPreferences)
    .values({ userId: named.userId, ...DEFAULT_PREFERENCES, ...change, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...change, updatedAt: now } })
  return { category: named.category }
}
