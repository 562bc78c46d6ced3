import { createHmac } from 'node:crypto'
import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, OAuth2Tokens } from 'arctic'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { oauthAccounts, type oauthProviders, users } from '#db/schema/index.ts'
import type { Config } from '#server/env.ts'
import { logger } from '#server/log.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { createAccount, EmailTakenError } from '#server/services/auth.ts'
import { LoginInput } from '#shared/schemas/auth.ts'
import { FORBIDDEN_SINGLE_LINE, singleLineText } from '#shared/schemas/text.ts'
import { endSessionsOf } from './sessions.ts'
import { deleteAccountTokens } from './tokens.ts'

export type OAuthProviderId = (typeof oauthProviders)[number]

/** A provider that does not answer within this is treated as down, so the member is not left waiting. */
const PROVIDER_TIMEOUT_MS = 5_000

const LABELS: Record<OAuthProviderId, string> = { google: 'Google', facebook: 'Facebook' }
export const NOT_VERIFIED_MESSAGE = 'Sign-in could not be verified. Please try again.'

/** A refusal the member reads on the login page; its message is written for them. */
export class OAuthSignInError extends Error {}

export function notConfiguredMessage(id: OAuthProviderId): string {
  return `${LABELS[id]} sign-in is not configured on this server.`
}

function unreachableMessage(id: OAuthProviderId): string {
  return `${LABELS[id]} could not be reached. Please try again in a moment.`
}

/** Who the provider says the member is; the email is lower-cased, or null when missing or malformed. */
export interface ProviderIdentity {
  provider: OAuthProviderId
  providerUserId: string
  email: string | null
  emailVerified: boolean
  firstName: string
  lastName: string
}

export interface OAuthProvider {
  id: OAuthProviderId
  usesPKCE: boolean
  authorizationURL(redirectURI: string, state: string, codeVerifier: string | null): URL
  /** Trades the code for a token and reads the profile; every failure is an OAuthSignInError. */
  identify(redirectURI: string, code: string, codeVerifier: string | null): Promise<ProviderIdentity>
}

/** The provider's client, or null when its id or secret is not configured. */
export function oauthProvider(config: Config, id: OAuthProviderId): OAuthProvider | null {
  return id === 'google' ? googleProvider(config) : facebookProvider(config)
}

function googleProvider(config: Config): OAuthProvider | null {
  const clientId = config.GOOGLE_CLIENT_ID
  const clientSecret = config.GOOGLE_CLIENT_SECRET
  if (!clientId || !clientSecret) return null
  return {
    id: 'google',
    usesPKCE: true,
    authorizationURL(redirectURI, state, codeVerifier) {
      const client = new OAuth2Client(clientId, clientSecret, redirectURI)
      return client.createAuthorizationURLWithPKCE(config.GOOGLE_AUTHORIZATION_URL, state, CodeChallengeMethod.S256, codeVerifier ?? '', [
        'openid',
        'profile',
        'email',
      ])
    },
    async identify(redirectURI, code, codeVerifier) {
      const client = new OAuth2Client(clientId, clientSecret, redirectURI)
      const tokens = await exchangeCode('google', () =>
        withTimeout(client.validateAuthorizationCode(config.GOOGLE_TOKEN_URL, code, codeVerifier), PROVIDER_TIMEOUT_MS),
      )
      const profile = GoogleProfile.safeParse(await readProfile('google', config.GOOGLE_USERINFO_URL, accessToken(tokens)))
      if (!profile.success) throw new OAuthSignInError(NOT_VERIFIED_MESSAGE)
      const { sub, email, email_verified, given_name, family_name, name } = profile.data
      return identity('google', sub, email, email_verified === true || email_verified === 'true', given_name, family_name, name)
    },
  }
}

function facebookProvider(config: Config): OAuthProvider | null {
  const clientId = config.FACEBOOK_CLIENT_ID
  const clientSecret = config.FACEBOOK_CLIENT_SECRET
  if (!clientId || !clientSecret) return null
  return {
    id: 'facebook',
    usesPKCE: false,
    authorizationURL(redirectURI, state) {
      const client = new OAuth2Client(clientId, clientSecret, redirectURI)
      return client.createAuthorizationURL(config.FACEBOOK_AUTHORIZATION_URL, state, ['email', 'public_profile'])
    },
    async identify(redirectURI, code) {
      // arctic's generic client sends the secret as HTTP Basic; Facebook reads it from the body (as arctic's own Facebook class does).
      const tokens = await exchangeCode('facebook', () =>
        postTokenRequest(config.FACEBOOK_TOKEN_URL, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectURI,
          client_id: clientId,
          client_secret: clientSecret,
        }),
      )
      const token = accessToken(tokens)
      const profileURL = new URL(config.FACEBOOK_USERINFO_URL)
      // Proves the token was obtained by this app; Facebook requires it when "Require App Secret" is on.
      profileURL.searchParams.set('appsecret_proof', createHmac('sha256', clientSecret).update(token).digest('hex'))
      const profile = FacebookProfile.safeParse(await readProfile('facebook', profileURL.href, token))
      if (!profile.success) throw new OAuthSignInError(NOT_VERIFIED_MESSAGE)
      const { id, email, first_name, last_name, name } = profile.data
      // Facebook only returns an email it has confirmed.
      return identity('facebook', String(id), email, Boolean(email), first_name, last_name, name)
    },
  }
}

const optionalText = z.string().max(1000).optional().catch(undefined)

const GoogleProfile = z.object({
  sub: z.string().min(1).max(255),
  email: optionalText,
  email_verified: z.union([z.boolean(), z.string()]).optional().catch(undefined),
  given_name: optionalText,
  family_name: optionalText,
  name: optionalText,
})

const FacebookProfile = z.object({
  id: z.union([z.string().min(1).max(255), z.number().int().nonnegative()]),
  email: optionalText,
  first_name: optionalText,
  last_name: optionalText,
  name: optionalText,
})

/** A refusal by the provider (bad code, wrong verifier) is "not verified"; anything else means it is unreachable. */
async function exchangeCode(id: OAuthProviderId, exchange: () => Promise<OAuth2Tokens>): Promise<OAuth2Tokens> {
  try {
    return await exchange()
  } catch (error) {
    if (error instanceof OAuth2RequestError || error instanceof TokenRequestRefused) {
      throw new OAuthSignInError(NOT_VERIFIED_MESSAGE)
    }
    logger.warn({ provider: id, reason: errorChain(error) }, `${LABELS[id]} token request failed`)
    throw new OAuthSignInError(unreachableMessage(id))
  }
}

class TokenRequestRefused extends Error {}

async function postTokenRequest(endpoint: string, params: Record<string, string>): Promise<OAuth2Tokens> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams(params),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  const data: unknown = await response.json().catch(() => null)
  if (response.status >= 400 && response.status < 500) throw new TokenRequestRefused(`status ${response.status}`)
  if (!response.ok || typeof data !== 'object' || data === null) throw new Error(`unexpected token response ${response.status}`)
  return new OAuth2Tokens(data)
}

function accessToken(tokens: OAuth2Tokens): string {
  try {
    return tokens.accessToken()
  } catch {
    throw new OAuthSignInError(NOT_VERIFIED_MESSAGE)
  }
}

async function readProfile(id: OAuthProviderId, url: string, token: string): Promise<unknown> {
  try {
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`profile request answered ${response.status}`)
    return await response.json()
  } catch (error) {
    logger.warn({ provider: id, reason: errorChain(error) }, `${LABELS[id]} profile request failed`)
    throw new OAuthSignInError(unreachableMessage(id))
  }
}

/** For the operator's log: the error and what caused it, never a token. */
function errorChain(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  return error.cause instanceof Error ? `${error.message} (${errorChain(error.cause)})` : error.message
}

/** arctic's token request takes no AbortSignal, so the wait is bounded here instead. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

const NAME_MAX = 50
const cleanName = singleLineText(NAME_MAX)

/** Provider names go through the same rules as typed ones, cut to length rather than refused. */
function safeName(value: string | undefined): string | null {
  if (!value) return null
  const stripped = value.normalize('NFC').replace(new RegExp(FORBIDDEN_SINGLE_LINE, 'gu'), '').trim()
  const parsed = cleanName.safeParse(Array.from(stripped).slice(0, NAME_MAX).join('').trim())
  return parsed.success && parsed.data.length > 0 ? parsed.data : null
}

function identity(
  provider: OAuthProviderId,
  providerUserId: string,
  rawEmail: string | undefined,
  emailVerified: boolean,
  givenName: string | undefined,
  familyName: string | undefined,
  fullName: string | undefined,
): ProviderIdentity {
  const parsedEmail = LoginInput.shape.email.safeParse(rawEmail ?? '')
  const email = parsedEmail.success ? parsedEmail.data : null
  const [firstOfFull, ...restOfFull] = (fullName ?? '').trim().split(/\s+/)
  const firstName = safeName(givenName) ?? safeName(firstOfFull) ?? safeName(email?.split('@')[0]) ?? 'Member'
  const lastName = safeName(familyName) ?? (givenName ? null : safeName(restOfFull.join(' '))) ?? ''
  return { provider, providerUserId, email, emailVerified: email !== null && emailVerified, firstName, lastName }
}

/**
 * The member this provider identity signs in: the linked account; else the account with the same
 * email when the provider has confirmed that email; else a new password-less account, verified.
 * An unconfirmed email never links to or creates an account, so nobody can claim another's address.
 * An existing account whose address was never verified belongs to whoever proves they read it: the
 * provider's confirmation takes it over (see `takeOver`), so registering someone else's address first
 * gains nothing.
 */
export async function resolveOAuthAccount(db: Database, bus: Bus, who: ProviderIdentity, retried = false): Promise<string> {
  const linked = await linkedUserId(db, who)
  if (linked) return linked

  const label = LABELS[who.provider]
  if (!who.email) {
    throw new OAuthSignInError(
      `${label} did not share an email address with us. Please allow access to your email, or sign up with your email and password.`,
    )
  }
  const [existing] = await db.select({ id: users.id, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, who.email))
  if (existing && !who.emailVerified) {
    throw new OAuthSignInError(`Please sign in with your password first; we could not confirm this email with ${label}.`)
  }
  if (!who.emailVerified) {
    throw new OAuthSignInError(
      `We could not confirm your email with ${label}. Please confirm it with ${label}, or sign up with your email and password.`,
    )
  }
  if (existing) {
    if (!existing.verifiedAt) await takeOver(db, bus, existing.id)
    return link(db, who, existing.id)
  }

  let userId: string
  try {
    userId = await createAccount(db, {
      email: who.email,
      password: null,
      firstName: who.firstName,
      lastName: who.lastName,
      emailVerifiedAt: new Date(),
    })
  } catch (error) {
    // Another sign-in created this email a moment ago: resolve again against what it left.
    if (error instanceof EmailTakenError && !retried) return resolveOAuthAccount(db, bus, who, true)
    throw error
  }
  return link(db, who, userId)
}

/**
 * The provider's owner of an address claims the unverified account registered with it: the password
 * someone chose is removed, every session (and socket) of the account ends, and emailed links die.
 */
async function takeOver(db: Database, bus: Bus, userId: string) {
  await db.batch([
    db.update(users).set({ passwordHash: null, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId)),
    deleteAccountTokens(db, userId),
  ])
  await endSessionsOf(db, bus, userId)
}

async function linkedUserId(db: Database, who: ProviderIdentity): Promise<string | null> {
  const [row] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, who.provider), eq(oauthAccounts.providerUserId, who.providerUserId)))
  return row?.userId ?? null
}

/** Two simultaneous callbacks may both link; whichever landed first wins and both sign in as it. */
async function link(db: Database, who: ProviderIdentity, userId: string): Promise<string> {
  await db.insert(oauthAccounts).values({ provider: who.provider, providerUserId: who.providerUserId, userId }).onConflictDoNothing()
  return (await linkedUserId(db, who)) ?? userId
}

/** Only a same-origin path is followed after sign-in: never another host, scheme or a path browsers read as one. */
export function safeRedirectPath(target: string | null | undefined): string {
  if (!target || target.length > 2048) return '/'
  if (!target.startsWith('/') || target.startsWith('//') || /[\\\p{Cc}]/u.test(target)) return '/'
  const base = 'http://same-origin.invalid'
  const resolved = new URL(target, base)
  if (resolved.origin !== base) return '/'
  return `${resolved.pathname}${resolved.search}${resolved.hash}`
}
