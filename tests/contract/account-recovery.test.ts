import { and, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountTokens, jobs, users } from '#db/schema/index.ts'
import { resolveOAuthAccount } from '#server/auth/oauth.ts'
import { validateSession } from '#server/auth/sessions.ts'
import { fieldErrors } from '#server/errors.ts'
import type { MailJob } from '#server/mail/templates.ts'
import { contractHarness, sessionTokenFrom } from '#tests/support/contract.ts'
import { refusal } from '#tests/support/members.ts'

const POLICY = { idleDays: 14, absoluteDays: 60 }
const INVALID_LINK = 'This link is invalid or has expired. Please request a new one.'

let h: Awaited<ReturnType<typeof contractHarness>>
beforeEach(async () => {
  h = await contractHarness()
})
afterEach(() => h.close())

/** The emails waiting in the queue for an address, oldest first. */
async function mailsTo(address: string): Promise<MailJob[]> {
  const rows = await h.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail'), eq(sql`json_extract(${jobs.payload}, '$.to')`, address)))
    .orderBy(jobs.createdAt)
  return rows.map((row) => JSON.parse(row.payload) as MailJob)
}

/** The token of the newest email of that template to the address. */
async function tokenFrom(address: string, template: MailJob['template']): Promise<string> {
  const mail = (await mailsTo(address)).filter((candidate) => candidate.template === template).at(-1)
  if (!mail || !('token' in mail.props)) throw new Error(`no ${template} email to ${address}`)
  return mail.props.token
}

async function isSignedIn(token: string) {
  return (await validateSession(h.db, token, POLICY)) !== null
}

/** A second browser of the same member: signs in again and keeps that session's token. */
async function signInAgain(email: string, password: string) {
  const visitor = h.caller()
  await visitor.api.auth.login({ email, password })
  return sessionTokenFrom(visitor.headers)!
}

describe('verifying an address', () => {
  it('sends a link at registration that verifies the address once', async () => {
    const ruth = await h.member()
    expect(ruth.user.emailVerified).toBe(false)
    expect((await mailsTo(ruth.email)).map((mail) => mail.template)).toEqual(['verify-email'])

    const token = await tokenFrom(ruth.email, 'verify-email')
    expect(await h.caller().api.auth.verifyEmail({ token })).toEqual({ email: ruth.email, changed: false })
    expect((await ruth.api.auth.user()).emailVerified).toBe(true)

    const reused = await refusal(h.caller().api.auth.verifyEmail({ token }))
    expect(reused).toMatchObject({ code: 'BAD_REQUEST', message: INVALID_LINK })
  })

  it('refuses an expired link, a made-up one and a reset link', async () => {
    const ruth = await h.member()
    const token = await tokenFrom(ruth.email, 'verify-email')
    await h.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) })
    expect((await refusal(h.caller().api.auth.verifyEmail({ token }))).message).toBe(INVALID_LINK)
    expect((await refusal(h.caller().api.auth.verifyEmail({ token: 'x'.repeat(43) }))).message).toBe(INVALID_LINK)

    await h.caller().api.auth.forgotPassword({ email: ruth.email })
    const resetToken = await tokenFrom(ruth.email, 'reset-password')
    expect((await refusal(h.caller().api.auth.verifyEmail({ token: resetToken }))).message).toBe(INVALID_LINK)
    expect((await ruth.api.auth.user()).emailVerified).toBe(false)
  })

  it('keeps each token only as a hash', async () => {
    const ruth = await h.member()
    const token = await tokenFrom(ruth.email, 'verify-email')
    const [stored] = await h.db.select({ tokenHash: accountTokens.tokenHash }).from(accountTokens)
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored!.tokenHash).not.toContain(token)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
  })

  it('resends to a member who is not verified yet, within a limit, and not to a verified one', async () => {
    const ruth = await h.member()
    for (let i = 0; i < 5; i++) expect(await ruth.api.auth.resendVerification()).toEqual({ email: ruth.email })
    expect(await mailsTo(ruth.email)).toHaveLength(6)
    expect((await refusal(ruth.api.auth.resendVerification())).code).toBe('TOO_MANY_REQUESTS')

    const boaz = await h.member()
    await h.caller().api.auth.verifyEmail({ token: await tokenFrom(boaz.email, 'verify-email') })
    expect(await refusal(boaz.api.auth.resendVerification())).toMatchObject({
      code: 'CONFLICT',
      message: 'Your email address is already verified.',
    })
    expect((await refusal(h.caller().api.auth.resendVerification())).code).toBe('UNAUTHORIZED')
  })

  it('does not let an old link verify an address the member moved to', async () => {
    const ruth = await h.member()
    const oldLink = await tokenFrom(ruth.email, 'verify-email')
    await ruth.api.account.changeEmail({ email: 'ruth.new@example.org', password: ruth.password })
    await h.caller().api.auth.verifyEmail({ token: await tokenFrom('ruth.new@example.org', 'confirm-email-change') })
    await h.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, ruth.user.id))

    expect((await refusal(h.caller().api.auth.verifyEmail({ token: oldLink }))).message).toBe(INVALID_LINK)
    expect((await ruth.api.auth.user()).emailVerified).toBe(false)
  })
})

describe('forgetting a password', () => {
  it('answers the same whether or not the address has an account, and mails only a member', async () => {
    const ruth = await h.member()
    const known = await h.caller().api.auth.forgotPassword({ email: ruth.email.toUpperCase() })
    const unknown = await h.caller().api.auth.forgotPassword({ email: 'nobody@example.com' })
    expect(known).toEqual(unknown)
    expect(known.message).toContain('30 minutes')
    expect((await mailsTo(ruth.email)).map((mail) => mail.template)).toEqual(['verify-email', 'reset-password'])
    expect(await mailsTo('nobody@example.com')).toEqual([])
  })

  it('throttles requests for one address, whoever asks', async () => {
    for (let i = 0; i < 5; i++) await h.caller({ clientIp: `10.0.0.${i}` }).api.auth.forgotPassword({ email: 'target@example.com' })
    const refused = await refusal(h.caller({ clientIp: '10.0.0.99' }).api.auth.forgotPassword({ email: 'target@example.com' }))
    expect(refused.code).toBe('TOO_MANY_REQUESTS')
    expect((await h.caller({ clientIp: '10.0.0.99' }).api.auth.forgotPassword({ email: 'other@example.com' })).message).toBeTruthy()
  })

  it('sets the new password, ends every session, verifies the address and signs the member in', async () => {
    const ruth = await h.member()
    const elsewhere = await signInAgain(ruth.email, ruth.password)
    await h.caller().api.auth.forgotPassword({ email: ruth.email })
    const token = await tokenFrom(ruth.email, 'reset-password')

    const visitor = h.caller()
    const user = await visitor.api.auth.resetPassword({ token, password: 'a brand new password' })
    expect(user).toMatchObject({ id: ruth.user.id, emailVerified: true })
    const fresh = sessionTokenFrom(visitor.headers)!
    expect(await isSignedIn(fresh)).toBe(true)
    expect(await isSignedIn(ruth.token)).toBe(false)
    expect(await isSignedIn(elsewhere)).toBe(false)

    expect((await refusal(h.caller().api.auth.login({ email: ruth.email, password: ruth.password }))).code).toBe('UNAUTHORIZED')
    await h.caller().api.auth.login({ email: ruth.email, password: 'a brand new password' })
    expect((await refusal(h.caller().api.auth.resetPassword({ token, password: 'yet another password' }))).message).toBe(INVALID_LINK)
  })

  it('refuses a reset link after 30 minutes', async () => {
    const ruth = await h.member()
    await h.caller().api.auth.forgotPassword({ email: ruth.email })
    const [row] = await h.db
      .select({ createdAt: accountTokens.createdAt, expiresAt: accountTokens.expiresAt })
      .from(accountTokens)
      .where(eq(accountTokens.purpose, 'reset-password'))
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60_000)
    await h.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.purpose, 'reset-password'))
    const token = await tokenFrom(ruth.email, 'reset-password')
    expect((await refusal(h.caller().api.auth.resetPassword({ token, password: 'a brand new password' }))).message).toBe(INVALID_LINK)
  })

  it('voids every link once the password has changed since', async () => {
    const ruth = await h.member()
    const verifyLink = await tokenFrom(ruth.email, 'verify-email')
    await h.caller().api.auth.forgotPassword({ email: ruth.email })
    const resetLink = await tokenFrom(ruth.email, 'reset-password')
    await ruth.api.account.changePassword({ currentPassword: ruth.password, newPassword: 'changed in settings' })

    expect((await refusal(h.caller().api.auth.resetPassword({ token: resetLink, password: 'the thief wants this' }))).message).toBe(
      INVALID_LINK,
    )
    expect((await refusal(h.caller().api.auth.verifyEmail({ token: verifyLink }))).message).toBe(INVALID_LINK)
  })

  it('spends a link once when two requests race with it', async () => {
    const ruth = await h.member()
    await h.caller().api.auth.forgotPassword({ email: ruth.email })
    const token = await tokenFrom(ruth.email, 'reset-password')
    const results = await Promise.allSettled([
      h.caller().api.auth.resetPassword({ token, password: 'first racer wins' }),
      h.caller().api.auth.resetPassword({ token, password: 'second racer loses' }),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
  })

  it('lets a member who only signed in with Google set a password', async () => {
    const userId = await resolveOAuthAccount(h.db, h.realtime.bus, {
      provider: 'google',
      providerUserId: 'google-lydia',
      email: 'lydia@example.com',
      emailVerified: true,
      firstName: 'Lydia',
      lastName: 'Thyatira',
    })
    await h.caller().api.auth.forgotPassword({ email: 'lydia@example.com' })
    const user = await h
      .caller()
      .api.auth.resetPassword({ token: await tokenFrom('lydia@example.com', 'reset-password'), password: 'purple cloth seller' })
    expect(user).toMatchObject({ id: userId, hasPassword: true })
    await h.caller().api.auth.login({ email: 'lydia@example.com', password: 'purple cloth seller' })
  })
})

describe('account security in settings', () => {
  it('changes the password after checking the current one, ending other sessions but this one', async () => {
    const ruth = await h.member()
    const elsewhere = await signInAgain(ruth.email, ruth.password)

    const wrong = await refusal(ruth.api.account.changePassword({ currentPassword: 'not it at all', newPassword: 'new and long enough' }))
    expect(wrong).toMatchObject({ code: 'BAD_REQUEST', message: 'Your current password is incorrect.' })
    expect(fieldErrors(wrong)).toEqual({ currentPassword: ['Your current password is incorrect.'] })
    expect(await isSignedIn(elsewhere)).toBe(true)

    expect(await ruth.api.account.changePassword({ currentPassword: ruth.password, newPassword: 'new and long enough' })).toEqual({
      otherSessionsEnded: 1,
    })
    expect(await isSignedIn(ruth.token)).toBe(true)
    expect(await isSignedIn(elsewhere)).toBe(false)
    await h.caller().api.auth.login({ email: ruth.email, password: 'new and long enough' })

    const short = await refusal(ruth.api.account.changePassword({ currentPassword: 'new and long enough', newPassword: 'short' }))
    expect(short.code).toBe('BAD_REQUEST')
  })

  it('moves the account to a new address only when the new address confirms, telling the old one', async () => {
    const ruth = await h.member()
    const newAddress = 'ruth.gleaner@example.org'
    expect(await ruth.api.account.changeEmail({ email: 'Ruth.Gleaner@Example.org', password: ruth.password })).toEqual({
      pendingEmail: newAddress,
    })
    const notice = (await mailsTo(ruth.email)).at(-1)!
    expect(notice).toMatchObject({ template: 'email-change-notice', props: { newEmail: newAddress } })
    expect((await ruth.api.auth.user()).email).toBe(ruth.email)

    const token = await tokenFrom(newAddress, 'confirm-email-change')
    expect(await h.caller().api.auth.verifyEmail({ token })).toEqual({ email: newAddress, changed: true })
    expect(await ruth.api.auth.user()).toMatchObject({ email: newAddress, emailVerified: true })
    await h.caller().api.auth.login({ email: newAddress, password: ruth.password })
    expect((await refusal(h.caller().api.auth.login({ email: ruth.email, password: ruth.password }))).code).toBe('UNAUTHORIZED')
  })

  it('keeps only the newest change of address: the link sent for an earlier one no longer works', async () => {
    const ruth = await h.member()
    await ruth.api.account.changeEmail({ email: 'ruth.mistyped@example.org', password: ruth.password })
    const mistyped = await tokenFrom('ruth.mistyped@example.org', 'confirm-email-change')
    await ruth.api.account.changeEmail({ email: 'ruth.meant@example.org', password: ruth.password })

    expect((await refusal(h.caller().api.auth.verifyEmail({ token: mistyped }))).code).toBe('BAD_REQUEST')
    expect((await ruth.api.auth.user()).email).toBe(ruth.email)
    const meant = await tokenFrom('ruth.meant@example.org', 'confirm-email-change')
    expect(await h.caller().api.auth.verifyEmail({ token: meant })).toEqual({ email: 'ruth.meant@example.org', changed: true })
  })

  it('refuses a wrong password, the same address and one that is taken', async () => {
    const ruth = await h.member()
    const boaz = await h.member()
    const wrong = await refusal(ruth.api.account.changeEmail({ email: 'ruth.2@example.org', password: 'not her password' }))
    expect(fieldErrors(wrong)).toEqual({ password: ['Your current password is incorrect.'] })
    const same = await refusal(ruth.api.account.changeEmail({ email: ruth.email, password: ruth.password }))
    expect(fieldErrors(same)).toEqual({ email: ['That is already your email address.'] })
    expect((await refusal(ruth.api.account.changeEmail({ email: boaz.email, password: ruth.password }))).code).toBe('CONFLICT')
    expect(await mailsTo('ruth.2@example.org')).toEqual([])
  })

  it('refuses the confirmation when someone took the address in the meantime', async () => {
    const ruth = await h.member()
    await ruth.api.account.changeEmail({ email: 'contested@example.org', password: ruth.password })
    await h.member({ email: 'contested@example.org' })
    const token = await tokenFrom('contested@example.org', 'confirm-email-change')
    expect((await refusal(h.caller().api.auth.verifyEmail({ token }))).code).toBe('CONFLICT')
    expect((await ruth.api.auth.user()).email).toBe(ruth.email)
  })

  it('lists signed-in devices and signs out everywhere else', async () => {
    const ruth = await h.member()
    const elsewhere = await signInAgain(ruth.email, ruth.password)
    const devices = await ruth.api.account.sessions()
    expect(devices).toHaveLength(2)
    expect(devices.filter((device) => device.current)).toHaveLength(1)
    for (const device of devices) expect(device.id).toHaveLength(16)

    expect(await ruth.api.account.signOutOthers()).toEqual({ ended: 1 })
    expect(await isSignedIn(elsewhere)).toBe(false)
    expect(await isSignedIn(ruth.token)).toBe(true)
    expect(await ruth.api.account.sessions()).toHaveLength(1)
    expect(await ruth.api.account.signOutOthers()).toEqual({ ended: 0 })
  })

  it('shows one member none of another member’s sessions', async () => {
    const ruth = await h.member()
    const boaz = await h.member()
    await signInAgain(boaz.email, boaz.password)
    expect(await ruth.api.account.sessions()).toHaveLength(1)
    await ruth.api.account.signOutOthers()
    expect(await isSignedIn(boaz.token)).toBe(true)
  })

  it('asks for a session', async () => {
    const visitor = h.caller().api
    for (const call of [
      visitor.account.sessions(),
      visitor.account.signOutOthers(),
      visitor.account.changePassword({ currentPassword: 'x', newPassword: 'long enough now' }),
      visitor.account.changeEmail({ email: 'a@example.org', password: 'x' }),
    ]) {
      expect((await refusal(call)).code).toBe('UNAUTHORIZED')
    }
  })
})

describe('signing in with a provider', () => {
  const google = (email: string) => ({
    provider: 'google' as const,
    providerUserId: `google-${email}`,
    email,
    emailVerified: true,
    firstName: 'Real',
    lastName: 'Owner',
  })

  it('takes over an unverified account registered with the address: the stranger loses the password and every session', async () => {
    const stranger = await h.member({ email: 'victim@example.com', password: 'the stranger chose this' })
    const userId = await resolveOAuthAccount(h.db, h.realtime.bus, google('victim@example.com'))

    expect(userId).toBe(stranger.user.id)
    expect(await isSignedIn(stranger.token)).toBe(false)
    expect((await refusal(h.caller().api.auth.login({ email: 'victim@example.com', password: 'the stranger chose this' }))).code).toBe(
      'UNAUTHORIZED',
    )
    const [owner] = await h.db
      .select({ passwordHash: users.passwordHash, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
    expect(owner).toMatchObject({ passwordHash: null, verifiedAt: expect.any(Date) })
    expect((await refusal(h.caller().api.auth.verifyEmail({ token: await tokenFrom('victim@example.com', 'verify-email') }))).message).toBe(
      INVALID_LINK,
    )
  })

  it('links to a verified account and leaves its password and sessions alone', async () => {
    const ruth = await h.member({ email: 'ruth.verified@example.com' })
    await h.caller().api.auth.verifyEmail({ token: await tokenFrom(ruth.email, 'verify-email') })
    expect(await resolveOAuthAccount(h.db, h.realtime.bus, google(ruth.email))).toBe(ruth.user.id)
    expect(await isSignedIn(ruth.token)).toBe(true)
    await h.caller().api.auth.login({ email: ruth.email, password: ruth.password })
  })

  it('creates a verified account for a new address', async () => {
    const userId = await resolveOAuthAccount(h.db, h.realtime.bus, google('newcomer@example.com'))
    const [row] = await h.db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId))
    expect(row!.verifiedAt).toBeInstanceOf(Date)
    expect(await mailsTo('newcomer@example.com')).toEqual([])
  })
})
