import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationPreferences } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { unsubscribeToken } from '#server/auth/unsubscribe-tokens.ts'
import { UNSUBSCRIBE_PATH } from '#server/http/unsubscribe-route.ts'
import { call, type Reply, registerMember } from '#tests/support/http.ts'
import { testConfig } from '#tests/support/test-config.ts'

/** What a mail client posts for RFC 8058 one-click unsubscribe: a form, no cookie, no Origin. */
const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' }
const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click'
const DEFAULTS = { matchEmails: true, interestEmails: true, reminderEmails: true, messageEmails: 'digest' }

let app: RunningApp
const config = testConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' })
beforeAll(async () => {
  app = await startApp(config)
})
afterAll(async () => {
  await app?.close()
})

const secret = () => config.APP_SECRET!
const oneClick = (token: string | null, options: { body?: string | Uint8Array; headers?: Record<string, string>; path?: string } = {}) =>
  call(app.url, 'POST', `${options.path ?? UNSUBSCRIBE_PATH}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`, {
    headers: { ...ONE_CLICK, ...options.headers },
    body: options.body ?? ONE_CLICK_BODY,
  })

async function preferences(userId: string) {
  const [row] = await app.database.db
    .select({
      matchEmails: notificationPreferences.matchEmails,
      interestEmails: notificationPreferences.interestEmails,
      reminderEmails: notificationPreferences.reminderEmails,
      messageEmails: notificationPreferences.messageEmails,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
  return row ?? DEFAULTS
}

/** A refusal the API's own way: a 4xx status and a JSON body with a message. */
function expectJsonRefusal(reply: Reply, status?: number) {
  expect(reply.status).toBeGreaterThanOrEqual(400)
  expect(reply.status).toBeLessThan(500)
  if (status) expect(reply.status).toBe(status)
  expect(reply.headers.get('content-type')).toContain('application/json')
  expect(typeof (reply.body as { message?: unknown }).message).toBe('string')
}

describe('one-click unsubscribe (exempt from the same-site and JSON-only checks)', () => {
  it('refuses a missing, forged, altered or cut token, or one made over to another member or email, changing nothing', async () => {
    const ruth = await registerMember(app.url, { firstName: 'Ruth' })
    const orpah = await registerMember(app.url, { firstName: 'Orpah' })
    const token = unsubscribeToken(secret(), ruth.user.id, 'match')
    const forged = unsubscribeToken('another-secret-of-at-least-32-characters!!', ruth.user.id, 'match')
    const otherMember = token.replace(ruth.user.id, orpah.user.id)
    const otherCategory = token.replace('.match.', '.interest.')
    const [body, , mac] = token.split('.')
    const cut = `${body}.${mac!.slice(0, -1)}`
    for (const bad of [
      null,
      '',
      'nonsense',
      forged,
      otherMember,
      otherCategory,
      cut,
      `${token}.extra`,
      `${token}x`,
      `${ruth.user.id}.match.`,
    ]) {
      expectJsonRefusal(await oneClick(bad), 400)
    }
    expect(await preferences(ruth.user.id)).toEqual(DEFAULTS)
    expect(await preferences(orpah.user.id)).toEqual(DEFAULTS)
  })

  it("never lets one member's token turn off another's emails", async () => {
    const ruth = await registerMember(app.url, { firstName: 'Ruth' })
    const orpah = await registerMember(app.url, { firstName: 'Orpah' })
    // Orpah's own valid token, sent with Ruth's session: the token alone decides, so only Orpah is changed.
    const orpahs = unsubscribeToken(secret(), orpah.user.id, 'interest')
    const reply = await oneClick(orpahs, { headers: { cookie: ruth.cookie } })
    expect(reply.status).toBe(200)
    expect(await preferences(ruth.user.id)).toEqual(DEFAULTS)
    expect(await preferences(orpah.user.id)).toEqual({ ...DEFAULTS, interestEmails: false })
  })

  it('refuses a body bigger than a one-click post (413), even with a valid token, changing nothing', async () => {
    const ruth = await registerMember(app.url, { firstName: 'Ruth' })
    const token = unsubscribeToken(secret(), ruth.user.id, 'reminder')
    const huge = new Uint8Array(2 * 1024 * 1024).fill(0x61)
    expectJsonRefusal(await oneClick(token, { body: huge }), 413)
    expectJsonRefusal(await oneClick(token, { body: `${ONE_CLICK_BODY}&pad=${'a'.repeat(4096)}` }), 413)
    expect(await preferences(ruth.user.id)).toEqual(DEFAULTS)
  })

  it('does nothing on a GET (a link scanner or prefetch must not unsubscribe anyone)', async () => {
    const ruth = await registerMember(app.url, { firstName: 'Ruth' })
    const token = unsubscribeToken(secret(), ruth.user.id, 'match')
    const reply = await call(app.url, 'GET', `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`)
    expectJsonRefusal(reply)
    expect(await preferences(ruth.user.id)).toEqual(DEFAULTS)
  })

  it('works with a valid token and no cookie or Origin, once and again alike, for exactly the email it names', async () => {
    const ruth = await registerMember(app.url, { firstName: 'Ruth' })
    const token = unsubscribeToken(secret(), ruth.user.id, 'message')
    for (let time = 0; time < 2; time++) {
      const reply = await oneClick(token)
      expect(reply.status).toBe(200)
      expect(reply.body).toMatchObject({ category: 'message' })
      expect(reply.headers.getSetCookie()).toEqual([])
      expect(await preferences(ruth.user.id)).toEqual({ ...DEFAULTS, messageEmails: 'off' })
    }
    // A mail client on another site is still a mail client: the token, not the Origin, decides.
    const match = unsubscribeToken(secret(), ruth.user.id, 'match')
    const crossSite = await oneClick(match, { headers: { origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' } })
    expect(crossSite.status).toBe(200)
    expect(await preferences(ruth.user.id)).toEqual({ ...DEFAULTS, messageEmails: 'off', matchEmails: false })
  })

  it('exempts only that exact path: a form post without Origin anywhere else in the API is still refused', async () => {
    const ruth = await registerMember(app.url, { firstName: 'Ruth' })
    const token = unsubscribeToken(secret(), ruth.user.id, 'match')
    const elsewhere = [
      `${UNSUBSCRIBE_PATH}/`,
      `${UNSUBSCRIBE_PATH}x`,
      `${UNSUBSCRIBE_PATH}/../read`,
      '/api/notifications/read',
      '/api/notifications/unsubscribe%2F',
      '/trpc/account.unsubscribe',
    ]
    for (const path of elsewhere) {
      const reply = await oneClick(token, { path, headers: { cookie: ruth.cookie } })
      expectJsonRefusal(reply, 415)
    }
    // The same form with a foreign Origin, on a path that is not exempt: refused as cross-site.
    const crossSite = await oneClick(token, {
      path: '/api/notifications/read',
      headers: { cookie: ruth.cookie, origin: 'https://evil.example' },
    })
    expectJsonRefusal(crossSite, 403)
    expect(await preferences(ruth.user.id)).toEqual(DEFAULTS)
  })
})
