import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { call, registerMember } from '#tests/support/http.ts'
import { HTML_AS_JPEG } from '#tests/support/images.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')

function faithForm(file: Buffer, type = 'application/pdf', name = 'letter.pdf') {
  const form = new FormData()
  form.append('churchName', 'Berean SDA Church')
  form.append('pastorName', 'Elder Samuel Mensah')
  form.append('pastorEmail', 'elder@berean.org')
  form.append('membershipYears', '10')
  form.append('document', new Blob([new Uint8Array(file)], { type }), name)
  return form
}

beforeAll(async () => {
  app = await startApp(testConfig())
})
afterAll(async () => {
  await app?.close()
})

describe('the events REST paths', () => {
  it('answer 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/events'],
      ['POST', '/api/events'],
      ['PUT', '/api/events/x/rsvp'],
      ['DELETE', '/api/events/x/rsvp'],
    ] as const) {
      expect((await api(method, path, { body: method === 'GET' ? undefined : {} })).status, `${method} ${path}`).toBe(401)
    }
  })

  it('list with ?type=, create, RSVP with PUT, withdraw with DELETE', async () => {
    const organizer = await registerMember(app.url, { firstName: 'Phoebe' })
    const guest = await registerMember(app.url)
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10)
    const created = await api('POST', '/api/events', {
      cookie: organizer.cookie,
      body: {
        title: 'Hymn Sing and Potluck',
        eventType: 'potluck',
        churchName: 'Grace Chapel',
        location: 'Fellowship Hall',
        city: 'Nashville',
        state: 'TN',
        startDateTime: `${day}T17:00`,
        endDateTime: `${day}T19:00`,
        timeZone: 'America/Chicago',
        maxAttendees: 2,
        isSabbathEvent: true,
      },
    })
    expect(created.status).toBe(200)
    const eventId = created.body.event.id
    expect(created.body.earned.map((a: { name: string }) => a.name)).toContain('Servant Host')

    const potlucks = await api('GET', '/api/events?type=potluck', { cookie: guest.cookie })
    expect(potlucks.status).toBe(200)
    expect(potlucks.body.map((e: { id: string }) => e.id)).toContain(eventId)
    expect(potlucks.body.every((e: { eventType: string }) => e.eventType === 'potluck')).toBe(true)
    expect(
      (await api('GET', '/api/events?type=sabbath', { cookie: guest.cookie })).body.every(
        (e: { isSabbathEvent: boolean }) => e.isSabbathEvent,
      ),
    ).toBe(true)
    expect((await api('GET', '/api/events?type=party', { cookie: guest.cookie })).status).toBe(400)

    const rsvp = await api('PUT', `/api/events/${eventId}/rsvp`, { cookie: guest.cookie, body: { status: 'attending' } })
    expect(rsvp.status).toBe(200)
    expect(rsvp.body.event).toMatchObject({ myRsvp: 'attending', currentAttendees: 2, spotsLeft: 0, organizerName: 'Phoebe' })
    const third = await registerMember(app.url)
    const full = await api('PUT', `/api/events/${eventId}/rsvp`, { cookie: third.cookie, body: { status: 'attending' } })
    expect(full.status).toBe(409)
    expect(full.body).toEqual({ message: 'This event is full. You can still mark yourself as interested.' })

    // An edit names every field: one that leaves the Sabbath flag and the description out is refused, not read as "off".
    const { isSabbathEvent, ...partial } = created.body.event
    const incomplete = await api('PATCH', `/api/events/${eventId}`, {
      cookie: organizer.cookie,
      body: {
        title: 'Hymn Sing and Potluck',
        eventType: 'potluck',
        churchName: partial.churchName,
        location: partial.location,
        city: partial.city,
        state: partial.state,
        startDateTime: `${day}T17:00`,
        endDateTime: `${day}T19:00`,
        timeZone: 'America/Chicago',
        maxAttendees: 3,
      },
    })
    expect(incomplete.status).toBe(400)
    expect(incomplete.body).toEqual({ message: 'Please include the description, even if it is empty' })
    expect((await api('GET', `/api/events/${eventId}`, { cookie: guest.cookie })).body).toMatchObject({ isSabbathEvent, maxAttendees: 2 })

    const withdrawn = await api('DELETE', `/api/events/${eventId}/rsvp`, { cookie: guest.cookie })
    expect(withdrawn.body).toMatchObject({ myRsvp: null, currentAttendees: 1 })
    expect((await api('DELETE', `/api/events/${eventId}`, { cookie: guest.cookie })).status).toBe(403)
    expect((await api('DELETE', `/api/events/${eventId}`, { cookie: organizer.cookie })).body).toMatchObject({ isCancelled: true })
  })
})

describe('the verification REST paths', () => {
  it('take the faith form as multipart, serve the letter to its owner and moderators only', async () => {
    const owner = await registerMember(app.url)
    const other = await registerMember(app.url)
    const reviewer = await registerMember(app.url)
    await app.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, reviewer.user.id))

    const submitted = await api('POST', '/api/verification/faith', { cookie: owner.cookie, body: faithForm(PDF) })
    expect(submitted.status).toBe(200)
    const faith = submitted.body.records[0]
    expect(faith).toMatchObject({ type: 'faith', status: 'pending', details: { membershipYears: 10 } })

    const asOwner = await api('GET', faith.documentUrl, { cookie: owner.cookie })
    expect(asOwner.status).toBe(200)
    expect(asOwner.headers.get('content-type')).toBe('application/pdf')
    expect(asOwner.headers.get('cache-control')).toBe('private, no-store')
    expect(asOwner.text).toBe(PDF.toString())
    expect((await api('GET', faith.documentUrl, { cookie: reviewer.cookie })).status).toBe(200)
    expect((await api('GET', faith.documentUrl, { cookie: other.cookie })).status).toBe(404)
    expect((await api('GET', faith.documentUrl)).status).toBe(404)
    expect((await api('GET', '/uploads/verification/..%2F..%2Fapp.db', { cookie: reviewer.cookie })).status).toBe(404)

    expect((await api('GET', '/api/verification/reviews', { cookie: other.cookie })).status).toBe(403)
    const queue = await api('GET', '/api/verification/reviews', { cookie: reviewer.cookie })
    const item = queue.body.find((entry: { member: { userId: string } }) => entry.member.userId === owner.user.id)
    const approved = await api('POST', `/api/verification/reviews/${item.id}`, { cookie: reviewer.cookie, body: { decision: 'approve' } })
    expect(approved.body).toMatchObject({ status: 'verified' })
    expect((await api('GET', '/api/verification', { cookie: owner.cookie })).body).toMatchObject({ isVerified: true })
  })

  it('refuse a disguised file (400), a missing file (400) and an oversized one (413)', async () => {
    const member = await registerMember(app.url)
    const disguised = await api('POST', '/api/verification/faith', {
      cookie: member.cookie,
      body: faithForm(HTML_AS_JPEG, 'image/jpeg', 'letter.jpg'),
    })
    expect(disguised.status).toBe(400)
    expect(disguised.body).toEqual({ message: 'Please upload a PDF, JPEG, PNG or WebP file.' })

    const noFile = new FormData()
    noFile.append('institution', 'Oakwood University')
    noFile.append('degreeType', 'bachelors')
    noFile.append('graduationYear', '2015')
    const missing = await api('POST', '/api/verification/education', { cookie: member.cookie, body: noFile })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ message: 'Please upload your transcript or diploma' })

    const big = Buffer.alloc(11 * 1024 * 1024, 0x20)
    PDF.copy(big)
    const tooLarge = await api('POST', '/api/verification/faith', { cookie: member.cookie, body: faithForm(big) })
    expect(tooLarge.status).toBe(413)
    expect((await api('GET', '/api/verification', { cookie: member.cookie })).body.records[0].status).toBe('not_started')
  })
})

describe('the achievements REST paths', () => {
  it('answer the spec’s four GETs with their shapes', async () => {
    const member = await registerMember(app.url)
    expect((await api('GET', '/api/achievements/user')).status).toBe(401)
    expect((await api('GET', '/api/achievements/user', { cookie: member.cookie })).body).toEqual([])
    const available = (await api('GET', '/api/achievements/available', { cookie: member.cookie })).body
    expect(available[0]).toEqual(
      expect.objectContaining({
        name: expect.any(String),
        category: expect.any(String),
        rarity: 'common',
        points: expect.any(Number),
        progress: 0,
      }),
    )
    expect((await api('GET', '/api/achievements/rewards', { cookie: member.cookie })).body).toMatchObject({
      totalPoints: 0,
      level: 'Newcomer',
    })
    const board = (await api('GET', '/api/achievements/leaderboard', { cookie: member.cookie })).body
    expect(Array.isArray(board)).toBe(true)
    for (const entry of board)
      expect(Object.keys(entry).sort()).toEqual(['badgeCount', 'isCurrentMember', 'name', 'photoUrl', 'rank', 'totalPoints', 'userId'])
  })
})
