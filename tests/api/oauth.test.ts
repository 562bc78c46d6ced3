import { createHash } from 'node:crypto'
import { createServer } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { oauthAccounts, users } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { SESSION_COOKIE } from '#server/auth/sessions.ts'
import { type MockProvider, startOAuthMock } from '#tests/support/oauth-mock.ts'
import { testConfig } from '#tests/support/test-config.ts'

const NOT_VERIFIED = 'Sign-in could not be verified. Please try again.'

/** Cookies carried by hand, the way a browser would keep them between redirects. */
class CookieJar {
  readonly cookies = new Map<string, string>()

  absorb(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const name = pair.slice(0, pair.indexOf('=')).trim()
      const value = pair.slice(pair.indexOf('=') + 1).trim()
      const maxAge = attributes.map((a) => a.trim().toLowerCase()).find((a) => a.startsWith('max-age='))
      if (maxAge && Number(maxAge.slice('max-age='.length)) <= 0) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  copy() {
    const other = new CookieJar()
    for (const [name, value] of this.cookies) other.cookies.set(name, value)
    return other
  }
}

let google: MockProvider
let facebook: MockProvider
let app: RunningApp
/** Google pointed at a closed port, Facebook not configured. */
let bare: RunningApp

beforeAll(async () => {
  google = await startOAuthMock()
  facebook = await startOAuthMock()
  app = await startApp(
    testConfig({
      ...google.env('GOOGLE'),
      ...facebook.env('FACEBOOK'),
      FACEBOOK_USERINFO_URL: `${facebook.env('FACEBOOK').FACEBOOK_USERINFO_URL}?fields=id,email,first_name,last_name`,
    }),
  )
  bare = await startApp(
    testConfig({
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_TOKEN_URL: `http://127.0.0.1:${await closedPort()}/token`,
      GOOGLE_AUTHORIZATION_URL: 'http://127.0.0.1:9/authorize',
    }),
  )
})

afterAll(async () => {
  await app?.close()
  await bare?.close()
  await google?.stop()
  await facebook?.stop()
})

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return typeof address === 'object' && address ? address.port : 9
}

async function get(url: string, jar: CookieJar, base = app.url) {
  const cookie = jar.header()
  const response = await fetch(new URL(url, base), { redirect: 'manual', headers: cookie ? { cookie } : {} })
  jar.absorb(response)
  return response
}

function location(response: Response) {
  return response.headers.get('location') ?? ''
}

function loginError(response: Response): string | null {
  const target = location(response)
  if (response.status !== 302 || !target.startsWith('/login?error=')) return null
  return new URL(target, 'http://x').searchParams.get('error')
}

function setsSession(response: Response) {
  return response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${SESSION_COOKIE}=;`))
}

/** Start, pass the provider's /authorize (which answers at once), and return the callback URL without calling it. */
async function beginFlow(provider: 'google' | 'facebook', jar = new CookieJar(), query = '') {
  const start = await get(`/api/auth/${provider}${query}`, jar)
  expect(start.status).toBe(302)
  const authorize = await fetch(location(start), { redirect: 'manual' })
  expect(authorize.status).toBe(302)
  return { start, jar, callbackUrl: location(authorize) }
}

async function signIn(provider: 'google' | 'facebook', query = '') {
  const flow = await beginFlow(provider, new CookieJar(), query)
  const cookiesBeforeCallback = flow.jar.copy()
  const done = await get(flow.callbackUrl, flow.jar)
  return { ...flow, done, cookiesBeforeCallback }
}

async function currentUser(jar: CookieJar) {
  const response = await get('/api/auth/user', jar)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function register(email: string) {
  const response = await fetch(new URL('/api/register', app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', firstName: 'Ruth', lastName: 'Moab' }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { id: string }).id
}

function passwordLogin(email: string, password: string) {
  return fetch(new URL('/api/login', app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
}

async function linkOf(provider: 'google' | 'facebook', providerUserId: string) {
  const [row] = await app.database.db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
  return row?.userId ?? null
}

describe('OAuth start', () => {
  it('sends the member back to the login page with a reason when the provider is not configured', async () => {
    const response = await get('/api/auth/facebook', new CookieJar(), bare.url)
    expect(loginError(response)).toBe('Facebook sign-in is not configured on this server.')
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('redirects to Google with state, an S256 code challenge and this server’s callback', async () => {
    const jar = new CookieJar()
    const response = await get('/api/auth/google', jar)
    expect(response.status).toBe(302)
    const target = new URL(location(response))
    expect(target.origin + target.pathname).toBe(google.env('GOOGLE').GOOGLE_AUTHORIZATION_URL)
    const params = target.searchParams
    expect(params.get('response_type')).toBe('code')
    expect(params.get('client_id')).toBe('google-client')
    expect(params.get('redirect_uri')).toBe(`${app.url}/api/auth/google/callback`)
    expect(params.get('scope')).toBe('openid profile email')
    expect(params.get('state')).toBe(jar.cookies.get('covenant_oauth_google_state'))
    expect(params.get('code_challenge_method')).toBe('S256')
    const verifier = jar.cookies.get('covenant_oauth_google_verifier')!
    expect(params.get('code_challenge')).toBe(createHash('sha256').update(verifier).digest('base64url'))

    const stateCookie = response.headers.getSetCookie().find((line) => line.startsWith('covenant_oauth_google_state='))!
    expect(stateCookie).toContain('HttpOnly')
    expect(stateCookie).toContain('SameSite=Lax')
    expect(stateCookie).toContain('Path=/api/auth')
    expect(stateCookie).toContain('Max-Age=600')
    expect(stateCookie).not.toContain('Secure')
  })

  it('redirects to Facebook with state and no PKCE', async () => {
    const jar = new CookieJar()
    const response = await get('/api/auth/facebook', jar)
    const params = new URL(location(response)).searchParams
    expect(params.get('redirect_uri')).toBe(`${app.url}/api/auth/facebook/callback`)
    expect(params.get('scope')).toBe('email public_profile')
    expect(params.get('state')).toBe(jar.cookies.get('covenant_oauth_facebook_state'))
    expect(params.has('code_challenge')).toBe(false)
    expect(jar.cookies.has('covenant_oauth_facebook_verifier')).toBe(false)
  })
})

describe('Google sign-in', () => {
  it('creates an account and a working session from the provider’s profile', async () => {
    google.setProfile({
      sub: 'g-100',
      email: 'Naomi@Example.com',
      email_verified: true,
      given_name: 'Naomi',
      family_name: 'Bethlehem',
    })
    const { done, jar } = await signIn('google')
    expect(done.status).toBe(302)
    expect(location(done)).toBe('/')
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(true)
    expect([...jar.cookies.keys()].filter((name) => name.startsWith('covenant_oauth_'))).toEqual([])
    expect(google.tokenRequests.at(-1)?.code_verifier).toEqual(expect.any(String))

    const me = await currentUser(jar)
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ email: 'naomi@example.com', firstName: 'Naomi', lastName: 'Bethlehem' })
    expect(await linkOf('google', 'g-100')).toBe(me.body.id)
  })

  it('reuses the account on the next sign-in with the same Google id', async () => {
    google.setProfile({ sub: 'g-100', email: 'naomi.new@example.com', email_verified: true, given_name: 'Naomi' })
    const first = await currentUser((await signIn('google')).jar)
    google.setProfile({ sub: 'g-100', email: 'naomi@example.com', email_verified: true, given_name: 'Naomi' })
    const second = await currentUser((await signIn('google')).jar)
    expect(first.status).toBe(200)
    expect(second.body.id).toBe(first.body.id)
    expect(second.body.email).toBe('naomi@example.com')
  })

  it('links a confirmed email to the existing verified password account, which keeps its password', async () => {
    const userId = await register('ruth@example.com')
    await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId))
    google.setProfile({ sub: 'g-200', email: 'ruth@example.com', email_verified: true, given_name: 'Ruthie' })
    const { done, jar } = await signIn('google')
    expect(location(done)).toBe('/')
    const me = await currentUser(jar)
    expect(me.body).toMatchObject({ id: userId, firstName: 'Ruth', hasPassword: true })
    expect(await linkOf('google', 'g-200')).toBe(userId)
    expect((await passwordLogin('ruth@example.com', 'correct horse battery')).status).toBe(200)
  })

  it('hands an account registered with someone else’s address to its Google owner: the stranger’s password and sessions stop working', async () => {
    const registered = await fetch(new URL('/api/register', app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'esther@example.com', password: 'the stranger chose this', firstName: 'Haman', lastName: 'Agag' }),
    })
    const strangersJar = new CookieJar()
    strangersJar.absorb(registered)
    expect((await currentUser(strangersJar)).status).toBe(200)

    google.setProfile({ sub: 'g-esther', email: 'esther@example.com', email_verified: true, given_name: 'Esther' })
    const { done, jar } = await signIn('google')
    expect(location(done)).toBe('/')
    const owner = await currentUser(jar)
    expect(owner.body).toMatchObject({ email: 'esther@example.com', emailVerified: true, hasPassword: false })

    expect((await currentUser(strangersJar)).status).toBe(401)
    expect((await passwordLogin('esther@example.com', 'the stranger chose this')).status).toBe(401)
    expect((await currentUser(jar)).status).toBe(200)
  })

  it('never links an unconfirmed email to an existing account', async () => {
    await register('orpah@example.com')
    google.setProfile({ sub: 'g-300', email: 'orpah@example.com', email_verified: false, given_name: 'Mallory' })
    const { done, jar } = await signIn('google')
    expect(loginError(done)).toBe('Please sign in with your password first; we could not confirm this email with Google.')
    expect(setsSession(done)).toBe(false)
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false)
    expect(await linkOf('google', 'g-300')).toBeNull()
  })

  it('does not create an account from an unconfirmed email', async () => {
    google.setProfile({ sub: 'g-301', email: 'unclaimed@example.com', email_verified: false, given_name: 'Mallory' })
    const { done } = await signIn('google')
    expect(loginError(done)).toContain('could not confirm your email with Google')
    expect(setsSession(done)).toBe(false)
    expect(await linkOf('google', 'g-301')).toBeNull()
  })

  it('follows only a same-origin path after sign-in', async () => {
    google.setProfile({ sub: 'g-100', email: 'naomi@example.com', email_verified: true })
    expect(location((await signIn('google', '?redirect=%2Fmessages%3Ftab%3D1')).done)).toBe('/messages?tab=1')
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example']) {
      const { done } = await signIn('google', `?redirect=${encodeURIComponent(evil)}`)
      expect(location(done), evil).toBe('/')
    }
  })
})

describe('Google callback attacks', () => {
  it('refuses a callback whose state does not match the cookie', async () => {
    google.setProfile({ sub: 'g-400', email: 'state@example.com', email_verified: true })
    const { callbackUrl, jar } = await beginFlow('google')
    const forged = new URL(callbackUrl)
    forged.searchParams.set('state', 'attacker-state')
    const response = await get(forged.href, jar)
    expect(loginError(response)).toBe(NOT_VERIFIED)
    expect(setsSession(response)).toBe(false)
    expect(await linkOf('google', 'g-400')).toBeNull()
  })

  it('refuses a callback without state or without the flow cookies', async () => {
    google.setProfile({ sub: 'g-401', email: 'nostate@example.com', email_verified: true })
    const { callbackUrl, jar } = await beginFlow('google')
    const withoutState = new URL(callbackUrl)
    withoutState.searchParams.delete('state')
    const first = await get(withoutState.href, jar.copy())
    expect(loginError(first)).toBe(NOT_VERIFIED)
    const second = await get(callbackUrl, new CookieJar())
    expect(loginError(second)).toBe(NOT_VERIFIED)
    expect(setsSession(first) || setsSession(second)).toBe(false)
  })

  it('refuses a replayed callback, with or without the original cookies', async () => {
    google.setProfile({ sub: 'g-500', email: 'replay@example.com', email_verified: true })
    const { done, jar, callbackUrl, cookiesBeforeCallback } = await signIn('google')
    expect(location(done)).toBe('/')

    const replayInBrowser = await get(callbackUrl, jar)
    expect(loginError(replayInBrowser)).toBe(NOT_VERIFIED)
    expect(setsSession(replayInBrowser)).toBe(false)

    const replayWithCookies = await get(callbackUrl, cookiesBeforeCallback)
    expect(loginError(replayWithCookies)).toBe(NOT_VERIFIED)
    expect(setsSession(replayWithCookies)).toBe(false)
  })

  it('refuses a callback carrying another flow’s PKCE verifier', async () => {
    google.setProfile({ sub: 'g-600', email: 'pkce@example.com', email_verified: true })
    const victim = await beginFlow('google')
    const other = await beginFlow('google')
    victim.jar.cookies.set('covenant_oauth_google_verifier', other.jar.cookies.get('covenant_oauth_google_verifier')!)
    const response = await get(victim.callbackUrl, victim.jar)
    expect(loginError(response)).toBe(NOT_VERIFIED)
    expect(setsSession(response)).toBe(false)
    expect(await linkOf('google', 'g-600')).toBeNull()
  })

  it('refuses a Google callback without its verifier cookie', async () => {
    const { callbackUrl, jar } = await beginFlow('google')
    jar.cookies.delete('covenant_oauth_google_verifier')
    const response = await get(callbackUrl, jar)
    expect(loginError(response)).toBe(NOT_VERIFIED)
    expect(setsSession(response)).toBe(false)
  })

  it('tells the member when they cancelled at the provider', async () => {
    const jar = new CookieJar()
    await get('/api/auth/google', jar)
    const state = jar.cookies.get('covenant_oauth_google_state')!
    const response = await get(`/api/auth/google/callback?error=access_denied&state=${state}`, jar)
    expect(loginError(response)).toBe('Sign-in was cancelled.')
    expect(jar.cookies.has('covenant_oauth_google_state')).toBe(false)
  })

  it('answers quickly when the provider cannot be reached', async () => {
    const jar = new CookieJar()
    await get('/api/auth/google', jar, bare.url)
    const state = jar.cookies.get('covenant_oauth_google_state')!
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const startedAt = Date.now()
    const response = await get(`/api/auth/google/callback?code=abc&state=${state}`, jar, bare.url)
    expect(loginError(response)).toBe('Google could not be reached. Please try again in a moment.')
    expect(setsSession(response)).toBe(false)
    expect(Date.now() - startedAt).toBeLessThan(6_000)
    // The operator is told in the log's own shape, with the cause.
    const [line] = warned.mock.calls.map(([text]) => JSON.parse(String(text)))
    expect(line).toMatchObject({ level: 'warn', provider: 'google', msg: 'Google token request failed' })
    expect(line.reason).toMatch(/ECONNREFUSED/)
  })
})

describe('Facebook sign-in', () => {
  it('creates an account from the /me profile', async () => {
    facebook.setProfile({ id: 'fb-1', email: 'Boaz@Example.com', first_name: 'Boaz', last_name: 'Ephrathah' })
    const { done, jar } = await signIn('facebook')
    expect(location(done)).toBe('/')
    const me = await currentUser(jar)
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ email: 'boaz@example.com', firstName: 'Boaz', lastName: 'Ephrathah' })
    expect(await linkOf('facebook', 'fb-1')).toBe(me.body.id)
    expect(facebook.tokenRequests.at(-1)).toMatchObject({ client_id: 'facebook-client', client_secret: 'facebook-secret' })
    expect(facebook.tokenRequests.at(-1)?.code_verifier).toBeUndefined()
  })

  it('refuses a callback replayed with its original cookies, though the mock would accept the code again', async () => {
    facebook.setProfile({ id: 'fb-3', email: 'gideon@example.com', first_name: 'Gideon' })
    const { done, callbackUrl, cookiesBeforeCallback } = await signIn('facebook')
    expect(location(done)).toBe('/')
    const replay = await get(callbackUrl, cookiesBeforeCallback)
    expect(loginError(replay)).toBe(NOT_VERIFIED)
    expect(setsSession(replay)).toBe(false)
  })

  it('refuses an account that shares no email', async () => {
    facebook.setProfile({ id: 'fb-2', first_name: 'Phone', last_name: 'Only' })
    const { done } = await signIn('facebook')
    expect(loginError(done)).toContain('Facebook did not share an email address')
    expect(setsSession(done)).toBe(false)
    expect(await linkOf('facebook', 'fb-2')).toBeNull()
  })
})
