import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '#server/app.ts'
import { call, registerMember } from '#tests/support/http.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
let cookie: string

beforeAll(async () => {
  app = await startApp(testConfig())
  cookie = (await registerMember(app.url)).cookie
})

afterAll(async () => {
  await app?.close()
})

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

describe('the Sabbath and evangelism REST paths', () => {
  it('answer 401 without a session', async () => {
    for (const path of ['/api/sabbath/events?timezone=UTC', '/api/sabbath/resources', '/api/sabbath/programs', '/api/evangelism/content']) {
      const reply = await api('GET', path)
      expect(reply.status, path).toBe(401)
      expect(reply.body).toEqual({ message: 'Please sign in to continue.' })
    }
  })

  it('GET /api/sabbath/events?timezone= reads the events in that zone; a bad zone is 400', async () => {
    const reply = await api('GET', '/api/sabbath/events?timezone=Asia%2FTokyo', { cookie })
    expect(reply.status).toBe(200)
    expect(reply.body).toHaveLength(4)
    expect(reply.body[0]).toMatchObject({ timezone: 'GMT+9', startTime: expect.any(String), attendees: 0 })

    const bad = await api('GET', '/api/sabbath/events?timezone=Nowhere%2FAtAll', { cookie })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ message: 'Please choose a valid time zone' })
  })

  it('PUT and DELETE attendance and reminders', async () => {
    const [event] = (await api('GET', '/api/sabbath/events', { cookie })).body
    const put = await api('PUT', `/api/sabbath/events/${event.id}/attendance`, { cookie })
    expect(put.status).toBe(200)
    expect(put.body).toEqual({
      eventId: event.id,
      attendees: 1,
      isAttending: true,
      hasReminder: false,
      meetingUrl: event.isOnline ? expect.any(String) : null,
    })
    expect((await api('PUT', `/api/sabbath/events/${event.id}/reminder`, { cookie })).body).toMatchObject({ hasReminder: true })
    expect((await api('DELETE', `/api/sabbath/events/${event.id}/attendance`, { cookie })).body).toMatchObject({ attendees: 0 })
    expect((await api('DELETE', `/api/sabbath/events/${event.id}/reminder`, { cookie })).body).toMatchObject({ hasReminder: false })
    expect((await api('PUT', '/api/sabbath/events/missing/attendance', { cookie })).status).toBe(404)
  })

  it('gives an online gathering’s meeting link to its attendees only', async () => {
    const other = (await registerMember(app.url, { firstName: 'Naomi' })).cookie
    const online = (await api('GET', '/api/sabbath/events', { cookie })).body.find((event: { isOnline: boolean }) => event.isOnline)
    const put = await api('PUT', `/api/sabbath/events/${online.id}/attendance`, { cookie })
    expect(put.body.meetingUrl).toMatch(/^https:\/\//)
    const mine = (await api('GET', '/api/sabbath/events', { cookie })).body.find((event: { id: string }) => event.id === online.id)
    expect(mine.meetingUrl).toBe(put.body.meetingUrl)
    const theirs = (await api('GET', '/api/sabbath/events', { cookie: other })).body.find((event: { id: string }) => event.id === online.id)
    expect(theirs).toMatchObject({ isAttending: false, meetingUrl: null })
    expect(JSON.stringify((await api('GET', '/api/sabbath/events', { cookie: other })).body)).not.toContain(put.body.meetingUrl)
    await api('DELETE', `/api/sabbath/events/${online.id}/attendance`, { cookie })
  })

  it('PUT and DELETE a program signup', async () => {
    expect((await api('PUT', '/api/sabbath/programs/vespers', { cookie })).body).toEqual({ program: 'vespers', signedUp: true })
    expect((await api('GET', '/api/sabbath/programs', { cookie })).body).toContainEqual({ program: 'vespers', signedUp: true })
    expect((await api('DELETE', '/api/sabbath/programs/vespers', { cookie })).body).toEqual({ program: 'vespers', signedUp: false })
    expect((await api('PUT', '/api/sabbath/programs/choir', { cookie })).status).toBe(400)
  })

  it('GET /api/sabbath/resources/:id/download sends the guide as an attachment and counts it', async () => {
    const [guide] = (await api('GET', '/api/sabbath/resources', { cookie })).body
    expect((await api('GET', `/api/sabbath/resources/${guide.id}/download`)).status).toBe(401)

    const reply = await api('GET', `/api/sabbath/resources/${guide.id}/download`, { cookie })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${guide.fileName}"; filename*=UTF-8''${guide.fileName}`)
    expect(reply.headers.get('cache-control')).toBe('no-store')
    expect(reply.text).toContain('PREPARING FOR SABBATH')
    expect(Number(reply.headers.get('content-length'))).toBe(Buffer.byteLength(reply.text))

    const [after] = (await api('GET', '/api/sabbath/resources', { cookie })).body
    expect(after.downloads).toBe(guide.downloads + 1)
    expect((await api('GET', '/api/sabbath/resources/missing/download', { cookie })).status).toBe(404)
    expect((await api('POST', `/api/sabbath/resources/${guide.id}/download`, { cookie })).status).toBe(405)
  })

  it('GET /api/evangelism/resources/:id opens an item; an unknown id is 404 with a readable message', async () => {
    const [card] = (await api('GET', '/api/evangelism/content', { cookie })).body
    expect((await api('GET', `/api/evangelism/resources/${card.id}`)).status).toBe(401)
    const reply = await api('GET', `/api/evangelism/resources/${card.id}`, { cookie })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ ...card, paragraphs: expect.any(Array) })
    expect(reply.body.paragraphs.length).toBeGreaterThanOrEqual(3)

    const missing = await api('GET', '/api/evangelism/resources/no-such-item', { cookie })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ message: 'That item is not in the Evangelism Hub. It may have been removed.' })
  })

  it('GET /api/evangelism/content?category= filters; all is the default', async () => {
    expect((await api('GET', '/api/evangelism/content', { cookie })).body).toHaveLength(12)
    const seekers = await api('GET', '/api/evangelism/content?category=seekers', { cookie })
    expect(seekers.body.map((item: { category: string }) => item.category)).toEqual(['seekers', 'seekers', 'seekers', 'seekers'])
    expect((await api('GET', '/api/evangelism/content?category=everyone', { cookie })).status).toBe(400)
  })
})
