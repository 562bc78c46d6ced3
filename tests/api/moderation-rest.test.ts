import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { users } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { BANNED, suspendedMessage } from '#server/services/moderation.ts'
import { call, PASSWORD, registerCompleteMember } from '#tests/support/http.ts'
import { upgradeStatus } from '#tests/support/sockets.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' }))
})
afterAll(() => app?.close())

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

/** Ruth matches Boaz, he writes, she reports him from the conversation; Deborah moderates. */
async function reportedConversation() {
  const ruth = await registerCompleteMember(app.url, 'woman', 'Ruth')
  const boaz = await registerCompleteMember(app.url, 'man', 'Boaz')
  const deborah = await registerCompleteMember(app.url, 'woman', 'Deborah')
  await app.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, deborah.id))
  await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })
  const like = await api('POST', '/api/likes', { cookie: boaz.cookie, body: { receiverId: ruth.id } })
  const conversationId = like.body.conversationId as string
  await api('POST', '/api/messages', { cookie: boaz.cookie, body: { receiverId: ruth.id, content: 'Hello Ruth' } })
  const report = await api('POST', '/api/reports', {
    cookie: ruth.cookie,
    body: { userId: boaz.id, reason: 'scam', details: 'He asked me for money.', conversationId },
  })
  expect(report.status).toBe(200)
  return { ruth, boaz, deborah, reportId: report.body.reportId as string }
}

/** A socket on either path, open, with a promise of the code it is closed with. */
async function openSocket(path: '/trpc' | '/ws/messaging', cookie: string) {
  const ws = new WebSocket(`${app.url.replace('http', 'ws')}${path}`, { headers: { cookie } })
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  return { ws, closed }
}

async function auditEntriesAbout(memberId: string, moderatorCookie: string) {
  const log = await api('GET', '/api/moderation/audit-log', { cookie: moderatorCookie })
  return (log.body as { target: { id: string } }[]).filter((entry) => entry.target.id === memberId)
}

describe('the moderation paths', () => {
  it('are refused to members who are not moderators (403) and to visitors (401)', async () => {
    const { ruth, reportId } = await reportedConversation()
    const paths = [
      ['GET', '/api/moderation/reports'],
      ['POST', `/api/moderation/reports/${reportId}/decision`],
      ['GET', '/api/moderation/audit-log'],
      ['GET', '/api/moderation/photos'],
    ] as const
    for (const [method, path] of paths) {
      const body = method === 'POST' ? { action: 'ban', reason: 'Trying my luck' } : undefined
      expect((await api(method, path, { cookie: ruth.cookie, body })).status).toBe(403)
      expect((await api(method, path, { body })).status).toBe(401)
    }
    expect((await api('GET', '/trpc/moderation.reports', { cookie: ruth.cookie })).status).toBe(403)
  })

  it('answer a decision without a reason with 400 and change nothing', async () => {
    const { boaz, deborah, reportId } = await reportedConversation()
    const refused = await api('POST', `/api/moderation/reports/${reportId}/decision`, { cookie: deborah.cookie, body: { action: 'ban' } })
    expect(refused.status).toBe(400)
    expect((await api('GET', '/api/auth/user', { cookie: boaz.cookie })).status).toBe(200)
    expect(await auditEntriesAbout(boaz.id, deborah.cookie)).toEqual([])
  })
})

describe('a suspension or a ban, decided over REST', () => {
  it.each([
    ['suspend', { action: 'suspend', days: 7, reason: 'Asked a member for money.' }],
    ['ban', { action: 'ban', reason: 'Romance scam, confirmed by two members.' }],
  ] as const)(
    '%s: closes both sockets at once, refuses the old cookie on REST, tRPC and sockets, and refuses sign-in',
    async (action, decision) => {
      const { ruth, boaz, deborah, reportId } = await reportedConversation()
      const trpcSocket = await openSocket('/trpc', boaz.cookie)
      const specSocket = await openSocket('/ws/messaging', boaz.cookie)

      const decided = await api('POST', `/api/moderation/reports/${reportId}/decision`, { cookie: deborah.cookie, body: decision })
      expect(decided.status).toBe(200)
      expect(await Promise.all([trpcSocket.closed, specSocket.closed])).toEqual([1008, 1008])

      expect((await api('GET', '/api/auth/user', { cookie: boaz.cookie })).status).toBe(401)
      expect((await api('GET', '/api/conversations', { cookie: boaz.cookie })).status).toBe(401)
      expect((await api('GET', '/trpc/messaging.conversations', { cookie: boaz.cookie })).status).toBe(401)
      expect(await upgradeStatus(app.url, '/ws/messaging', { cookie: boaz.cookie })).toBe(401)

      const login = await api('POST', '/api/login', { body: { email: boaz.email, password: PASSWORD } })
      expect(login.status).toBe(403)
      expect(login.headers.get('set-cookie')).toBeNull()
      if (action === 'suspend') {
        const [row] = await app.database.db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, boaz.id))
        expect(login.body.message).toBe(suspendedMessage(row!.until!))
      } else {
        expect(login.body.message).toBe(BANNED)
      }

      const profile = await api('GET', `/api/profiles/${boaz.id}`, { cookie: ruth.cookie })
      expect(profile.status).toBe(404)
      expect(await auditEntriesAbout(boaz.id, deborah.cookie)).toEqual([
        expect.objectContaining({ action, reason: decision.reason, moderator: expect.objectContaining({ id: deborah.id }) }),
      ])
    },
  )
})
