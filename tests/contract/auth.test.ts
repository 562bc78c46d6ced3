import { setImmediate as nextTurn } from 'node:timers/promises'
import { TRPCError } from '@trpc/server'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits, sessions, users } from '#db/schema/index.ts'
import { sessionIdFor, validateSession } from '#server/auth/sessions.ts'
import { publicErrorMessage } from '#server/errors.ts'
import { contractHarness, sessionTokenFrom, settledWithinTurn } from '#tests/support/contract.ts'

type Harness = Awaited<ReturnType<typeof contractHarness>>

const POLICY = { idleDays: 14, absoluteDays: 60 }
const INVALID_CREDENTIALS = 'Invalid email or password'

/** The error a procedure call was refused with; fails the test when the call succeeded. */
async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCError) return error
    throw error
  }
  throw new Error('expected the call to be refused, but it succeeded')
}

/** The message a client reads over HTTP: the same formatter serves tRPC and the REST adapter. */
const shown = (error: TRPCError) => publicErrorMessage(error)

function retryAfter(headers: [string, string][]): number | undefined {
  const value = headers.find(([name]) => name === 'Retry-After')?.[1]
  return value === undefined ? undefined : Number(value)
}

let h: Harness
beforeAll(async () => {
  h = await contractHarness()
})
afterAll(() => h.close())

let counter = 0
const uniqueEmail = (tag: string) => `${tag}-${++counter}-${Date.now()}@example.com`
const newAccount = (email = uniqueEmail('new')) => ({ email, password: 'correct horse battery', firstName: 'Ruth', lastName: 'Moab' })

describe('register', () => {
  it('returns the user shape on the free plan and sets a session cookie', async () => {
    const visitor = h.caller()
    const input = newAccount()
    const user = await visitor.api.auth.register(input)

    expect(user).toEqual({
      id: expect.any(String),
      email: input.email,
      firstName: 'Ruth',
      lastName: 'Moab',
      profileImageUrl: null,
      plan: 'free',
      emailVerified: false,
      hasPassword: true,
    })
    const token = sessionTokenFrom(visitor.headers)
    expect(token).toBeTruthy()
    const session = await validateSession(h.db, token!, POLICY)
    expect(session?.user.id).toBe(user.id)
  })

  it.each([
    ['an invalid email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a short password', { password: '1234567' }, 'Password must be at least 8 characters long'],
    ['a blank first name', { firstName: '   ' }, 'First name is required'],
    ['a blank last name', { lastName: '' }, 'Last name is required'],
  ])('refuses %s with the spec message', async (_label, change, message) => {
    const input = { ...newAccount(), ...change }
    const error = await refusal(h.caller().api.auth.register(input))
    expect(error.code).toBe('BAD_REQUEST')
    expect(shown(error)).toBe(message)
    const [row] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, input.email))
    expect(row).toBeUndefined()
  })

  it('accepts a 64-character password and refuses an oversized one before hashing it', async () => {
    const long = newAccount()
    await h.caller().api.auth.register({ ...long, password: 'p'.repeat(64) })
    await h.caller().api.auth.login({ email: long.email, password: 'p'.repeat(64) })

    const huge = newAccount()
    const started = performance.now()
    const error = await refusal(h.caller().api.auth.register({ ...huge, password: 'p'.repeat(1_000_000) }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(performance.now() - started).toBeLessThan(1000)
    const [row] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, huge.email))
    expect(row).toBeUndefined()
  })

  it('treats the email case-insensitively', async () => {
    const base = uniqueEmail('case')
    const user = await h.caller().api.auth.register(newAccount(base.toUpperCase()))
    expect(user.email).toBe(base)

    const signedIn = await h.caller().api.auth.login({ email: `  ${base.replace('case', 'CASE')} `, password: 'correct horse battery' })
    expect(signedIn.id).toBe(user.id)

    const error = await refusal(h.caller().api.auth.register(newAccount(base)))
    expect(error.code).toBe('CONFLICT')
  })

  it('refuses a taken email with CONFLICT and leaves the first account as it was', async () => {
    const email = uniqueEmail('taken')
    const first = await h.caller().api.auth.register(newAccount(email))
    const visitor = h.caller()
    const error = await refusal(visitor.api.auth.register({ ...newAccount(email), password: 'another password', firstName: 'Eve' }))
    expect(error.code).toBe('CONFLICT')
    expect(sessionTokenFrom(visitor.headers)).toBeUndefined()

    const owner = await h.caller().api.auth.login({ email, password: 'correct horse battery' })
    expect(owner).toMatchObject({ id: first.id, firstName: 'Ruth' })
  })
})

describe('login', () => {
  it('requires a password with the spec message', async () => {
    const error = await refusal(h.caller().api.auth.login({ email: 'ruth@example.com', password: '' }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(shown(error)).toBe('Password is required')
  })

  it('refuses an invalid email with the spec message', async () => {
    const error = await refusal(h.caller().api.auth.login({ email: 'ruth', password: 'whatever' }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(shown(error)).toBe('Please enter a valid email address')
  })

  it('signs in with the right password: the user and a new session', async () => {
    const member = await h.member()
    const visitor = h.caller()
    const user = await visitor.api.auth.login({ email: member.email, password: member.password })
    expect(user).toEqual(member.user)

    const token = sessionTokenFrom(visitor.headers)
    expect(token).toBeTruthy()
    expect(token).not.toBe(member.token)
    expect((await validateSession(h.db, token!, POLICY))?.user.id).toBe(member.user.id)
  })

  it('gives an unknown email and a wrong password the same code and message', async () => {
    const member = await h.member()
    const unknown = await refusal(h.caller().api.auth.login({ email: uniqueEmail('nobody'), password: member.password }))
    const wrong = await refusal(h.caller().api.auth.login({ email: member.email, password: 'wrong password' }))
    for (const error of [unknown, wrong]) {
      expect(error.code).toBe('UNAUTHORIZED')
      expect(shown(error)).toBe(INVALID_CREDENTIALS)
    }
  })

  it("treats SQL in the credentials as text: ' OR 1=1-- signs nobody in", async () => {
    const member = await h.member()
    const error = await refusal(h.caller().api.auth.login({ email: member.email, password: "' OR 1=1--" }))
    expect(error.code).toBe('UNAUTHORIZED')
    const injected = await refusal(h.caller().api.auth.login({ email: "' OR 1=1--", password: 'x' }))
    expect(injected.code).toBe('BAD_REQUEST')
  })
})

describe('login throttling', () => {
  it('locks one email after LOGIN_FAILURES_PER_ACCOUNT failures even from rotating addresses, then lets the owner back in', async () => {
    const member = await h.member()
    const max = h.config.LOGIN_FAILURES_PER_ACCOUNT
    for (let attempt = 1; attempt <= max; attempt++) {
      const error = await refusal(
        h.caller({ clientIp: `198.51.100.${attempt}` }).api.auth.login({ email: member.email, password: `guess ${attempt}` }),
      )
      expect(error.code).toBe('UNAUTHORIZED')
    }

    const attacker = h.caller({ clientIp: '203.0.113.77' })
    const blocked = await refusal(attacker.api.auth.login({ email: member.email, password: 'guess again' }))
    expect(blocked.code).toBe('TOO_MANY_REQUESTS')
    const wait = retryAfter(attacker.headers)
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(h.config.LOGIN_WINDOW_MINUTES * 60)

    // The right password is refused too while the lock holds, and says nothing about being right.
    const owner = h.caller({ clientIp: '192.0.2.10' })
    const ownerBlocked = await refusal(owner.api.auth.login({ email: member.email.toUpperCase(), password: member.password }))
    expect(ownerBlocked.code).toBe('TOO_MANY_REQUESTS')
    expect(sessionTokenFrom(owner.headers)).toBeUndefined()

    // Once the window has passed, the owner signs in again.
    const windowMs = h.config.LOGIN_WINDOW_MINUTES * 60_000
    await h.db
      .update(rateLimits)
      .set({ windowStart: Date.now() - windowMs - 1000 })
      .where(eq(rateLimits.key, `login:account:${member.email}`))
    const later = h.caller({ clientIp: '192.0.2.10' })
    const user = await later.api.auth.login({ email: member.email, password: member.password })
    expect(user.id).toBe(member.user.id)
    expect(sessionTokenFrom(later.headers)).toBeTruthy()
  })

  it('does not let a burst of parallel guesses past the per-account limit', async () => {
    const member = await h.member()
    const max = h.config.LOGIN_FAILURES_PER_ACCOUNT
    const results = await Promise.allSettled(
      Array.from({ length: max * 2 }, (_, i) =>
        h.caller({ clientIp: `198.51.100.${100 + i}` }).api.auth.login({ email: member.email, password: `burst ${i}` }),
      ),
    )
    const codes = results.map((result) => (result.status === 'rejected' ? (result.reason as TRPCError).code : 'OK'))
    expect(codes.filter((code) => code === 'UNAUTHORIZED').length).toBeLessThanOrEqual(max)
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS').length).toBeGreaterThanOrEqual(max)
    expect(codes).not.toContain('OK')
  })

  it('forgets past failures once the owner signs in', async () => {
    const member = await h.member()
    const max = h.config.LOGIN_FAILURES_PER_ACCOUNT
    for (let attempt = 1; attempt < max; attempt++) {
      await refusal(h.caller().api.auth.login({ email: member.email, password: `typo ${attempt}` }))
    }
    await h.caller().api.auth.login({ email: member.email, password: member.password })
    const afterSuccess = await refusal(h.caller().api.auth.login({ email: member.email, password: 'one more typo' }))
    expect(afterSuccess.code).toBe('UNAUTHORIZED')
    await h.caller().api.auth.login({ email: member.email, password: member.password })
  })
})

describe('per-address limits', () => {
  let limited: Harness
  beforeAll(async () => {
    limited = await contractHarness({ LOGIN_ATTEMPTS_PER_IP: '3', REGISTRATIONS_PER_IP_PER_HOUR: '2', LOGIN_WINDOW_MINUTES: '1' })
  })
  afterAll(() => limited.close())

  it('limits sign-in attempts from one address across different emails', async () => {
    const member = await limited.member()
    for (let attempt = 1; attempt <= 3; attempt++) {
      const error = await refusal(
        limited.caller({ clientIp: '198.51.100.9' }).api.auth.login({ email: `other${attempt}@example.com`, password: 'guess' }),
      )
      expect(error.code).toBe('UNAUTHORIZED')
    }
    const sameAddress = limited.caller({ clientIp: '198.51.100.9' })
    const blocked = await refusal(sameAddress.api.auth.login({ email: member.email, password: member.password }))
    expect(blocked.code).toBe('TOO_MANY_REQUESTS')
    expect(retryAfter(sameAddress.headers)).toBeLessThanOrEqual(60)

    const elsewhere = await limited.caller({ clientIp: '198.51.100.10' }).api.auth.login({ email: member.email, password: member.password })
    expect(elsewhere.id).toBe(member.user.id)
  })

  it('limits registrations from one address and creates nothing past the limit', async () => {
    const address = '198.51.100.20'
    await limited.caller({ clientIp: address }).api.auth.register(newAccount())
    await limited.caller({ clientIp: address }).api.auth.register(newAccount())
    const third = newAccount()
    const visitor = limited.caller({ clientIp: address })
    const error = await refusal(visitor.api.auth.register(third))
    expect(error.code).toBe('TOO_MANY_REQUESTS')
    expect(retryAfter(visitor.headers)).toBeGreaterThanOrEqual(1)
    const [row] = await limited.db.select({ id: users.id }).from(users).where(eq(users.email, third.email))
    expect(row).toBeUndefined()

    await limited.caller({ clientIp: '198.51.100.21' }).api.auth.register(third)
  })
})

describe('logout and sessions', () => {
  it('deletes the session at logout: the old token no longer validates', async () => {
    const member = await h.member()
    expect(await validateSession(h.db, member.token, POLICY)).not.toBeNull()
    await expect(member.api.auth.logout()).resolves.toEqual({ success: true })
    expect(await validateSession(h.db, member.token, POLICY)).toBeNull()
    const cleared = member.headers.find(([name, value]) => name === 'Set-Cookie' && value.includes('Max-Age=0'))
    expect(cleared).toBeDefined()
  })

  it('drops a session planted before login and issues a new one (fixation)', async () => {
    const attacker = await h.member()
    const victim = await h.member()
    const browser = h.caller({ sessionToken: attacker.token })
    const user = await browser.api.auth.login({ email: victim.email, password: victim.password })
    expect(user.id).toBe(victim.user.id)

    const issued = sessionTokenFrom(browser.headers)
    expect(issued).toBeTruthy()
    expect(issued).not.toBe(attacker.token)
    expect(await validateSession(h.db, attacker.token, POLICY)).toBeNull()
    expect((await validateSession(h.db, issued!, POLICY))?.user.id).toBe(victim.user.id)
  })

  it('answers a request due a touch within its turn, and writes the touch at the end of it', async () => {
    const member = await h.member()
    const later = new Date(Date.now() + 120_000)
    const touched = await settledWithinTurn(() => validateSession(h.db, member.token, POLICY, later))
    expect(touched.value?.user.id).toBe(member.user.id)
    expect(touched.withinTurn).toBe(true)
    await nextTurn()
    const [session] = await h.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.id, sessionIdFor(member.token)))
    expect(session!.lastSeenAt).toEqual(later)
  })

  it('keeps a member who comes back every few days signed in past the idle window, and marks them active', async () => {
    const member = await h.member()
    const start = Date.now()
    const days = (n: number) => new Date(start + n * 86_400_000)
    // Every 10 days for 40: each visit is inside the 14-day idle window of the one before. A visit's
    // touch is written at the end of its turn, without the request waiting for it.
    for (const day of [10, 20, 30, 40]) {
      expect((await validateSession(h.db, member.token, POLICY, days(day)))?.user.id).toBe(member.user.id)
      await nextTurn()
    }
    const [user] = await h.db.select({ lastActiveAt: users.lastActiveAt }).from(users).where(eq(users.id, member.user.id))
    expect(user!.lastActiveAt).toEqual(days(40))
    // Fifteen days of silence after the last visit end the session.
    expect(await validateSession(h.db, member.token, POLICY, days(55))).toBeNull()
  })

  it('answers null to me and UNAUTHORIZED to user for a visitor', async () => {
    await expect(h.caller().api.auth.me()).resolves.toBeNull()
    const error = await refusal(h.caller().api.auth.user())
    expect(error.code).toBe('UNAUTHORIZED')
  })

  it('answers me and user with the signed-in member', async () => {
    const member = await h.member()
    await expect(member.api.auth.me()).resolves.toEqual(member.user)
    await expect(member.api.auth.user()).resolves.toEqual(member.user)
  })
})

describe('what is stored', () => {
  it('stores passwords as argon2id with its own salt per member', async () => {
    const a = await h.member({ password: 'same password for both' })
    const b = await h.member({ password: 'same password for both' })
    const rows = await h.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(inArray(users.id, [a.user.id, b.user.id]))
    expect(rows).toHaveLength(2)
    const prefix = '$argon2id$v=19$m=19456,t=2,p=1$'
    for (const row of rows) {
      expect(row.passwordHash?.startsWith(prefix)).toBe(true)
      expect(row.passwordHash).not.toContain('same password')
    }
    const [saltA, saltB] = rows.map((row) => row.passwordHash!.slice(prefix.length).split('$')[0])
    expect(saltA).toBeTruthy()
    expect(saltA).not.toBe(saltB)
    expect(rows[0]!.passwordHash).not.toBe(rows[1]!.passwordHash)
  })

  it('stores session ids hashed: the cookie token is nowhere in the sessions table', async () => {
    const member = await h.member()
    expect(Buffer.from(member.token, 'base64url').length).toBeGreaterThanOrEqual(16)
    const rows = await h.db.select().from(sessions).where(eq(sessions.userId, member.user.id))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(member.token)
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/)
  })
})
