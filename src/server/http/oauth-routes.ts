import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { generateCodeVerifier, generateState } from 'arctic'
import { oauthProviders } from '#db/schema/index.ts'
import {
  NOT_VERIFIED_MESSAGE,
  notConfiguredMessage,
  type OAuthProviderId,
  OAuthSignInError,
  oauthProvider,
  resolveOAuthAccount,
  safeRedirectPath,
} from '#server/auth/oauth.ts'
import { readCookie } from '#server/auth/sessions.ts'
import { beginSession } from '#server/auth/sign-in.ts'
import { ForbiddenError } from '#server/errors.ts'
import { type ContextDeps, createContext } from '#server/trpc/context.ts'
import type { RouteHandler } from './request-handler.ts'
import { isSecureRequest, requestOrigin } from './request-info.ts'

const FLOW_COOKIE_PATH = '/api/auth'
const FLOW_TTL_SECONDS = 600
const CANCELLED_MESSAGE = 'Sign-in was cancelled.'
const PROVIDER_ERROR_MESSAGE = 'Sign-in could not be completed. Please try again.'

type FlowCookie = 'state' | 'verifier' | 'redirect'
const FLOW_COOKIES: FlowCookie[] = ['state', 'verifier', 'redirect']

function cookieName(provider: OAuthProviderId, part: FlowCookie) {
  return `covenant_oauth_${provider}_${part}`
}

/** `GET /api/auth/<provider>` starts a sign-in; `GET /api/auth/<provider>/callback` finishes it. */
export function createOAuthRoutes(deps: ContextDeps): Map<string, RouteHandler> {
  const usedStates = new UsedStates()
  const routes = new Map<string, RouteHandler>()
  for (const provider of oauthProviders) {
    routes.set(`GET /api/auth/${provider}`, (req, res, url) => start(deps, provider, req, res, url))
    routes.set(`GET /api/auth/${provider}/callback`, (req, res, url) => callback(deps, usedStates, provider, req, res, url))
  }
  return routes
}

function start(deps: ContextDeps, id: OAuthProviderId, req: IncomingMessage, res: ServerResponse, url: URL) {
  const provider = oauthProvider(deps.config, id)
  if (!provider) return redirectToLogin(res, notConfiguredMessage(id))

  const secure = isSecureRequest(req, deps.config.TRUST_PROXY)
  const state = generateState()
  const codeVerifier = provider.usesPKCE ? generateCodeVerifier() : null
  const target = safeRedirectPath(url.searchParams.get('redirect'))
  setFlowCookie(res, id, 'state', state, secure)
  setFlowCookie(res, id, 'verifier', codeVerifier, secure)
  setFlowCookie(res, id, 'redirect', target === '/' ? null : encodeURIComponent(target), secure)
  redirect(res, provider.authorizationURL(callbackURI(deps, id, req), state, codeVerifier).href)
}

// A member arrives here by browser navigation, so every refusal is a 302 to /login?error=… (never a session), not a 400.
async function callback(
  deps: ContextDeps,
  usedStates: UsedStates,
  id: OAuthProviderId,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) {
  const secure = isSecureRequest(req, deps.config.TRUST_PROXY)
  const savedState = readCookie(req.headers.cookie, cookieName(id, 'state'))
  const codeVerifier = readCookie(req.headers.cookie, cookieName(id, 'verifier')) ?? null
  const savedTarget = readCookie(req.headers.cookie, cookieName(id, 'redirect'))
  // One use only: whatever happens next, this flow's cookies are gone, so a replayed callback fails.
  for (const part of FLOW_COOKIES) setFlowCookie(res, id, part, null, secure)

  const providerError = url.searchParams.get('error')
  if (providerError) {
    return redirectToLogin(res, providerError === 'access_denied' ? CANCELLED_MESSAGE : PROVIDER_ERROR_MESSAGE)
  }
  const provider = oauthProvider(deps.config, id)
  if (!provider) return redirectToLogin(res, notConfiguredMessage(id))

  const state = url.searchParams.get('state')
  const code = url.searchParams.get('code')
  const verified =
    code !== null &&
    code.length > 0 &&
    state !== null &&
    savedState !== undefined &&
    sameToken(state, savedState) &&
    (!provider.usesPKCE || codeVerifier !== null) &&
    usedStates.take(state)
  if (!verified) return redirectToLogin(res, NOT_VERIFIED_MESSAGE)

  let userId: string
  try {
    const identity = await provider.identify(callbackURI(deps, id, req), code, provider.usesPKCE ? codeVerifier : null)
    userId = await resolveOAuthAccount(deps.db, deps.realtime.bus, identity)
  } catch (error) {
    if (error instanceof OAuthSignInError) return redirectToLogin(res, error.message)
    throw error
  }
  const ctx = await createContext(deps, req, res)
  try {
    await beginSession(ctx, userId)
  } catch (error) {
    // A suspended or banned member is sent back to sign-in with the reason.
    if (error instanceof ForbiddenError) return redirectToLogin(res, error.message)
    throw error
  }
  redirect(res, safeRedirectPath(savedTarget === undefined ? null : safeDecode(savedTarget)))
}

/** The callback on the host and port the browser used, so the product works wherever it is served. */
function callbackURI(deps: ContextDeps, id: OAuthProviderId, req: IncomingMessage): string {
  return `${requestOrigin(req, deps.config.TRUST_PROXY)}/api/auth/${id}/callback`
}

function setFlowCookie(res: ServerResponse, id: OAuthProviderId, part: FlowCookie, value: string | null, secure: boolean) {
  const maxAge = value === null ? 0 : FLOW_TTL_SECONDS
  res.appendHeader(
    'Set-Cookie',
    `${cookieName(id, part)}=${value ?? ''}; Path=${FLOW_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`,
  )
}

function redirect(res: ServerResponse, location: string) {
  res.statusCode = 302
  res.setHeader('Location', location)
  res.end()
}

function redirectToLogin(res: ServerResponse, message: string) {
  redirect(res, `/login?error=${encodeURIComponent(message)}`)
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

const USED_STATES_MAX = 10_000

/**
 * States already spent in this process, kept for their lifetime: a callback replayed together with
 * its cookies still fails here even if a provider were to accept its code twice.
 */
class UsedStates {
  #expiries = new Map<string, number>()

  take(state: string, now = Date.now()): boolean {
    for (const [seen, expiresAt] of this.#expiries) {
      if (expiresAt > now) break
      this.#expiries.delete(seen)
    }
    if (this.#expiries.has(state)) return false
    this.#expiries.set(state, now + FLOW_TTL_SECONDS * 1000)
    if (this.#expiries.size > USED_STATES_MAX) this.#expiries.delete(this.#expiries.keys().next().value!)
    return true
  }
}
