import { readFile, rm } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { photos, profiles, users } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { photoFilePath } from '#server/services/photos.ts'
import { call, PASSWORD, registerMember, sessionCookie, setCookieLine, uniqueEmail } from '#tests/support/http.ts'
import { HTML_AS_JPEG, jpegWithGps, pngClaiming, SECRET_PLACE } from '#tests/support/images.ts'
import { testConfig } from '#tests/support/test-config.ts'

const INVALID_CREDENTIALS = 'Invalid email or password'
const SIXTY_DAYS_SECONDS = 60 * 86_400

const config = testConfig()
let app: RunningApp
/** The same product behind a trusted reverse proxy (TRUST_PROXY=1), with a tight per-address login limit. */
let proxied: RunningApp

beforeAll(async () => {
  app = await startApp(config)
  proxied = await startApp(testConfig({ TRUST_PROXY: '1', LOGIN_ATTEMPTS_PER_IP: '3' }))
})

afterAll(async () => {
  await app?.close()
  await proxied?.close()
})

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

function photoForm(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData()
  form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name)
  return form
}

async function userByEmail(email: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.email, email))
  return row
}

describe('POST /api/register', () => {
  it('answers 200 with the user and a session cookie with safe attributes', async () => {
    const email = uniqueEmail('register')
    const reply = await api('POST', '/api/register', { body: { email, password: PASSWORD, firstName: 'Ruth', lastName: 'Moab' } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Ruth',
      lastName: 'Moab',
      profileImageUrl: null,
      plan: 'free',
      emailVerified: false,
      hasPassword: true,
    })

    const line = setCookieLine(reply)!
    const attributes = line
      .split(';')
      .slice(1)
      .map((part) => part.trim())
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']))
    const maxAge = Number(attributes.find((a) => a.startsWith('Max-Age='))?.slice('Max-Age='.length))
    expect(maxAge).toBeGreaterThan(0)
    expect(maxAge).toBeLessThanOrEqual(SIXTY_DAYS_SECONDS)
    expect(attributes).not.toContain('Secure')
    expect(sessionCookie(reply)).toMatch(/^covenant_session=[A-Za-z0-9_-]{43}$/)
  })

  it('does not believe X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const reply = await api('POST', '/api/register', {
      body: { email: uniqueEmail(), password: PASSWORD, firstName: 'Ruth', lastName: 'Moab' },
      headers: { 'X-Forwarded-Proto': 'https' },
    })
    expect(reply.status).toBe(200)
    expect(setCookieLine(reply)).not.toContain('Secure')
  })

  it('marks the cookie Secure behind a trusted https proxy', async () => {
    const reply = await call(proxied.url, 'POST', '/api/register', {
      body: { email: uniqueEmail(), password: PASSWORD, firstName: 'Ruth', lastName: 'Moab' },
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.5' },
    })
    expect(reply.status).toBe(200)
    expect(
      setCookieLine(reply)
        ?.split(';')
        .map((part) => part.trim()),
    ).toContain('Secure')
  })

  it.each([
    ['email', { email: 'nope' }, 'Please enter a valid email address'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters long'],
    ['first name', { firstName: '' }, 'First name is required'],
    ['last name', { lastName: ' ' }, 'Last name is required'],
  ])('answers 400 with the spec message for an invalid %s and creates nothing', async (_field, change, message) => {
    const body = { email: uniqueEmail(), password: PASSWORD, firstName: 'Ruth', lastName: 'Moab', ...change }
    const reply = await api('POST', '/api/register', { body })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message })
    expect(sessionCookie(reply)).toBeUndefined()
    expect(await userByEmail(body.email)).toBeUndefined()
  })

  it('refuses a 1 MB password fast, before hashing, and a taken email with 409', async () => {
    const email = uniqueEmail('huge')
    const started = performance.now()
    const huge = await api('POST', '/api/register', {
      body: { email, password: 'p'.repeat(1_000_000), firstName: 'Ruth', lastName: 'Moab' },
    })
    expect(huge.status).toBe(400)
    expect(huge.body).toEqual({ message: 'Password is too long' })
    expect(performance.now() - started).toBeLessThan(1500)
    expect(await userByEmail(email)).toBeUndefined()

    const member = await registerMember(app.url)
    const taken = await api('POST', '/api/register', {
      body: { email: member.email.toUpperCase(), password: PASSWORD, firstName: 'Eve', lastName: 'Eden' },
    })
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({ message: expect.any(String) })
    expect((await userByEmail(member.email))?.firstName).toBe('Ruth')
  })

  it('gives members random ids that reveal neither order nor count', async () => {
    const first = await registerMember(app.url)
    const second = await registerMember(app.url)
    for (const { user } of [first, second]) expect(user.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(first.user.id).not.toBe(second.user.id)
    const sharedPrefix = [...first.user.id].findIndex((char, i) => char !== second.user.id[i])
    expect(sharedPrefix).toBeLessThan(4)
  })
})

describe('GET /api/auth/user', () => {
  it('answers the member with their cookie, and 401 {message} without one', async () => {
    const member = await registerMember(app.url)
    const signedIn = await api('GET', '/api/auth/user', { cookie: member.cookie })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toEqual(member.user)

    const visitor = await api('GET', '/api/auth/user')
    expect(visitor.status).toBe(401)
    expect(visitor.body).toEqual({ message: expect.any(String) })

    const forged = await api('GET', '/api/auth/user', { cookie: 'covenant_session=forged-token-value' })
    expect(forged.status).toBe(401)
  })
})

describe('POST /api/login', () => {
  it('signs in with a new session and answers the user', async () => {
    const member = await registerMember(app.url)
    const reply = await api('POST', '/api/login', { body: { email: member.email, password: PASSWORD } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual(member.user)
    const cookie = sessionCookie(reply)
    expect(cookie).toBeDefined()
    expect(cookie).not.toBe(member.cookie)
    expect((await api('GET', '/api/auth/user', { cookie })).body).toEqual(member.user)
  })

  it('answers 401 with one message for an unknown email and a wrong password', async () => {
    const member = await registerMember(app.url)
    const unknown = await api('POST', '/api/login', { body: { email: uniqueEmail('nobody'), password: PASSWORD } })
    const wrong = await api('POST', '/api/login', { body: { email: member.email, password: 'not the password' } })
    for (const reply of [unknown, wrong]) {
      expect(reply.status).toBe(401)
      expect(reply.body).toEqual({ message: INVALID_CREDENTIALS })
      expect(sessionCookie(reply)).toBeUndefined()
    }
  })

  it('answers 400 with the spec messages on invalid input', async () => {
    const noPassword = await api('POST', '/api/login', { body: { email: 'ruth@example.com', password: '' } })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body).toEqual({ message: 'Password is required' })
    const badEmail = await api('POST', '/api/login', { body: { email: 'ruth', password: 'whatever1' } })
    expect(badEmail.status).toBe(400)
    expect(badEmail.body).toEqual({ message: 'Please enter a valid email address' })
  })

  it('replaces a cookie planted before login: the planted one is 401 afterwards', async () => {
    const attacker = await registerMember(app.url)
    const victim = await registerMember(app.url)
    const reply = await api('POST', '/api/login', { body: { email: victim.email, password: PASSWORD }, cookie: attacker.cookie })
    expect(reply.status).toBe(200)
    const issued = sessionCookie(reply)
    expect(issued).toBeDefined()
    expect(issued).not.toBe(attacker.cookie)
    expect((await api('GET', '/api/auth/user', { cookie: attacker.cookie })).status).toBe(401)
    expect((await api('GET', '/api/auth/user', { cookie: issued })).body).toEqual(victim.user)
  })

  it('answers a browser navigation to GET /api/login with a redirect to /login', async () => {
    const reply = await api('GET', '/api/login')
    expect(reply.status).toBe(302)
    expect(reply.headers.get('location')).toBe('/login')
  })
})

describe('login throttling over HTTP', () => {
  it('answers 429 with Retry-After after repeated failures, whatever X-Forwarded-For says', async () => {
    const member = await registerMember(app.url)
    const max = config.LOGIN_FAILURES_PER_ACCOUNT
    const statuses: number[] = []
    let limited: Awaited<ReturnType<typeof api>> | undefined
    for (let attempt = 1; attempt <= max + 2; attempt++) {
      const reply = await api('POST', '/api/login', {
        body: { email: member.email, password: `guess number ${attempt}` },
        headers: { 'X-Forwarded-For': `198.51.100.${attempt}`, 'X-Real-IP': `198.51.100.${attempt}` },
      })
      statuses.push(reply.status)
      if (reply.status === 429) limited ??= reply
    }
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(401))
    expect(statuses.slice(max)).toEqual([429, 429])
    const retryAfter = Number(limited!.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(config.LOGIN_WINDOW_MINUTES * 60)
    expect(limited!.body).toEqual({ message: expect.any(String) })

    const owner = await api('POST', '/api/login', {
      body: { email: member.email, password: PASSWORD },
      headers: { 'X-Forwarded-For': '192.0.2.1' },
    })
    expect(owner.status).toBe(429)
    expect(sessionCookie(owner)).toBeUndefined()
  })

  it('behind a trusted proxy, keys the address limit on the hop the proxy added, not on what the client wrote', async () => {
    const member = await registerMember(proxied.url, { headers: { 'X-Forwarded-For': '192.0.2.50' } })
    for (let attempt = 1; attempt <= 3; attempt++) {
      const reply = await call(proxied.url, 'POST', '/api/login', {
        body: { email: uniqueEmail('spray'), password: 'guess' },
        headers: { 'X-Forwarded-For': `10.0.${attempt}.1, 203.0.113.9` },
      })
      expect(reply.status).toBe(401)
    }
    const blocked = await call(proxied.url, 'POST', '/api/login', {
      body: { email: member.email, password: PASSWORD },
      headers: { 'X-Forwarded-For': '10.9.9.9, 203.0.113.9' },
    })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)

    const otherClient = await call(proxied.url, 'POST', '/api/login', {
      body: { email: member.email, password: PASSWORD },
      headers: { 'X-Forwarded-For': '203.0.113.10' },
    })
    expect(otherClient.status).toBe(200)
  })
})

describe('POST /api/logout', () => {
  it('answers 200, clears the cookie, and the old cookie is 401 afterwards', async () => {
    const member = await registerMember(app.url)
    const reply = await api('POST', '/api/logout', { cookie: member.cookie })
    expect(reply.status).toBe(200)
    expect(setCookieLine(reply)).toMatch(/^covenant_session=;.*Max-Age=0/)

    const replay = await api('GET', '/api/auth/user', { cookie: member.cookie })
    expect(replay.status).toBe(401)
    expect((await api('GET', '/api/profile', { cookie: member.cookie })).status).toBe(401)
  })
})

describe('unknown paths and methods', () => {
  it('answers 404 JSON for an unknown /api path', async () => {
    for (const path of ['/api/does-not-exist', '/api', '/api/auth/user/extra']) {
      const reply = await api('GET', path)
      expect(reply.status).toBe(404)
      expect(reply.headers.get('content-type')).toContain('application/json')
      expect(reply.body).toEqual({ message: expect.any(String) })
    }
  })

  it('answers 405 to GET on a POST-only path and writes nothing', async () => {
    const email = uniqueEmail('get')
    const query = new URLSearchParams({ email, password: PASSWORD, firstName: 'Ruth', lastName: 'Moab' })
    const reply = await api('GET', `/api/register?${query}`)
    expect(reply.status).toBe(405)
    expect(reply.headers.get('allow')).toBe('POST')
    expect(reply.body).toEqual({ message: expect.any(String) })
    expect(await userByEmail(email)).toBeUndefined()

    const member = await registerMember(app.url)
    expect((await api('GET', '/api/logout', { cookie: member.cookie })).status).toBe(405)
    expect((await api('GET', '/api/auth/user', { cookie: member.cookie })).status).toBe(200)
  })
})

describe('GET and PATCH /api/profile', () => {
  it('round-trips the profile', async () => {
    const member = await registerMember(app.url)
    const empty = await api('GET', '/api/profile', { cookie: member.cookie })
    expect(empty.status).toBe(200)
    expect(empty.body).toMatchObject({ firstName: 'Ruth', isComplete: false, photos: [] })

    const changes = {
      gender: 'woman',
      birthDate: '1994-03-12',
      city: 'Nashville',
      state: 'TN',
      country: 'US',
      denomination: 'baptist',
      isSabbathKeeper: true,
      faithJourney: 'raised_in_the_faith',
      bio: 'Choir on Sundays.\nHiking on Saturdays.',
    }
    const updated = await api('PATCH', '/api/profile', { cookie: member.cookie, body: changes })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ ...changes, location: 'Nashville, Tennessee', isComplete: true })
    expect(JSON.stringify(updated.body)).not.toMatch(/latitude|longitude|36\.16|86\.78/)

    const reread = await api('GET', '/api/profile', { cookie: member.cookie })
    expect(reread.body).toEqual(updated.body)
  })

  it('answers 400 with a readable message for an unknown city or a smuggled plan, and changes nothing', async () => {
    const member = await registerMember(app.url)
    const city = await api('PATCH', '/api/profile', { cookie: member.cookie, body: { city: 'Atlantis', state: 'TN', country: 'US' } })
    expect(city.status).toBe(400)
    expect(city.body).toEqual({ message: "We couldn't find that city. Please check the spelling, state and country." })

    const smuggled = await api('PATCH', '/api/profile', {
      cookie: member.cookie,
      body: { bio: 'hi', plan: 'billionaire', isVerified: true },
    })
    expect(smuggled.status).toBe(400)
    expect((await userByEmail(member.email))?.plan).toBe('free')
    const [profile] = await app.database.db.select().from(profiles).where(eq(profiles.userId, member.user.id))
    expect(profile).toMatchObject({ bio: '', isVerified: false, city: null })
  })

  it('answers 401 to a visitor', async () => {
    expect((await api('GET', '/api/profile')).status).toBe(401)
    expect((await api('PATCH', '/api/profile', { body: { bio: 'hi' } })).status).toBe(401)
  })
})

describe('POST /api/profile/photos', () => {
  it('stores a multipart upload and serves it as WebP without EXIF to members only', async () => {
    const member = await registerMember(app.url)
    const reply = await api('POST', '/api/profile/photos', { cookie: member.cookie, body: photoForm(await jpegWithGps(400, 300)) })
    expect(reply.status).toBe(200)
    expect(reply.body.photos).toHaveLength(1)
    const [photo] = reply.body.photos as { id: string; url: string; isMain: boolean }[]
    expect(photo!.url).toMatch(/^\/uploads\/photos\/[A-Za-z0-9_-]+-card\.webp$/)

    for (const url of ['small', 'card', 'large'].map((size) => photo!.url.replace('-card', `-${size}`))) {
      const served = await fetch(new URL(url, app.url), { headers: { cookie: member.cookie } })
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
      const bytes = Buffer.from(await served.arrayBuffer())
      expect((await sharp(bytes).metadata()).exif).toBeUndefined()
      expect(bytes.includes(SECRET_PLACE)).toBe(false)
    }

    const visitor = await fetch(new URL(photo!.url, app.url))
    expect(visitor.status).toBe(404)
    const loggedOut = await api('POST', '/api/logout', { cookie: member.cookie })
    expect(loggedOut.status).toBe(200)
    expect((await fetch(new URL(photo!.url, app.url), { headers: { cookie: member.cookie } })).status).toBe(404)
  })

  it('serves a photo stored before the small and large sizes existed from its card', async () => {
    const member = await registerMember(app.url)
    const reply = await api('POST', '/api/profile/photos', { cookie: member.cookie, body: photoForm(await jpegWithGps(1600, 1200)) })
    const photoId = reply.body.photos[0].id as string
    // As such a photo is on disk: a 720 × 900 card, and a square thumb nothing links to any more.
    await rm(photoFilePath(config.UPLOADS_DIR, photoId, 'small'))
    await rm(photoFilePath(config.UPLOADS_DIR, photoId, 'large'))

    for (const size of ['small', 'large']) {
      const served = await fetch(new URL(`/uploads/photos/${photoId}-${size}.webp`, app.url), { headers: { cookie: member.cookie } })
      expect(served.status).toBe(200)
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 720, height: 900 })
    }
    expect((await fetch(new URL(`/uploads/photos/${photoId}-small.webp`, app.url))).status).toBe(404)
  })

  it('answers 401 to a visitor and stores nothing', async () => {
    const reply = await api('POST', '/api/profile/photos', { body: photoForm(await jpegWithGps()) })
    expect(reply.status).toBe(401)
  })

  it('refuses HTML named .jpg and a PNG claiming 50,000 × 50,000 with 400', async () => {
    const member = await registerMember(app.url)
    const html = await api('POST', '/api/profile/photos', { cookie: member.cookie, body: photoForm(HTML_AS_JPEG, 'cute.jpg') })
    expect(html.status).toBe(400)
    expect(html.body).toEqual({ message: 'Please upload a JPEG, PNG, WebP or HEIC photo.' })
    const bomb = await api('POST', '/api/profile/photos', {
      cookie: member.cookie,
      body: photoForm(pngClaiming(50_000, 50_000), 'big.png', 'image/png'),
    })
    expect(bomb.status).toBe(400)
    expect(await app.database.db.select().from(photos).where(eq(photos.userId, member.user.id))).toEqual([])
  })

  it('answers 413 to a 30 MB upload, 415 to a JSON body and 400 to a form without a file', async () => {
    const member = await registerMember(app.url)
    const huge = await api('POST', '/api/profile/photos', { cookie: member.cookie, body: photoForm(new Uint8Array(30 * 1024 * 1024)) })
    expect(huge.status).toBe(413)
    expect(huge.body).toEqual({ message: expect.any(String) })

    const json = await api('POST', '/api/profile/photos', { cookie: member.cookie, body: { image: 'aGVsbG8=' } })
    expect(json.status).toBe(415)

    const form = new FormData()
    form.append('note', 'no file here')
    const empty = await api('POST', '/api/profile/photos', { cookie: member.cookie, body: form })
    expect(empty.status).toBe(400)
    expect(await app.database.db.select().from(photos).where(eq(photos.userId, member.user.id))).toEqual([])
  })

  it("answers 404 when deleting another member's photo and keeps it", async () => {
    const owner = await registerMember(app.url)
    const uploaded = await api('POST', '/api/profile/photos', { cookie: owner.cookie, body: photoForm(await jpegWithGps()) })
    const photoId = uploaded.body.photos[0].id as string
    const other = await registerMember(app.url)

    const reply = await api('DELETE', `/api/profile/photos/${photoId}`, { cookie: other.cookie })
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual({ message: expect.any(String) })
    expect((await api('GET', '/api/profile', { cookie: owner.cookie })).body.photos).toHaveLength(1)
    await expect(readFile(photoFilePath(config.UPLOADS_DIR, photoId, 'card'))).resolves.toBeTruthy()

    const own = await api('DELETE', `/api/profile/photos/${photoId}`, { cookie: owner.cookie })
    expect(own.status).toBe(200)
    expect(own.body.photos).toEqual([])
  })
})
