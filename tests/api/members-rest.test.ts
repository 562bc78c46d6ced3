import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { limitsOf } from '#shared/logic/entitlements.ts'
import { call, registerMember } from '#tests/support/http.ts'
import { birthDateYearsAgo } from '#tests/support/members.ts'
import { testConfig } from '#tests/support/test-config.ts'

const dailyLikes = limitsOf('free').likesPerDay!

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' }))
})
afterAll(() => app?.close())

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

interface RestMember {
  id: string
  email: string
  cookie: string
}

/** Registers over REST and completes the profile with PATCH /api/profile. */
async function member(
  gender: 'man' | 'woman',
  fields: Record<string, unknown> = {},
  firstName = gender === 'man' ? 'Boaz' : 'Ruth',
): Promise<RestMember> {
  const { user, cookie, email } = await registerMember(app.url, { firstName })
  const reply = await api('PATCH', '/api/profile', {
    cookie,
    body: {
      gender,
      birthDate: birthDateYearsAgo(30, -10),
      city: 'Nashville',
      state: 'TN',
      country: 'US',
      denomination: 'baptist',
      ...fields,
    },
  })
  expect(reply.status).toBe(200)
  return { id: user.id, email, cookie }
}

// The spec's Profile, plus why the member is shown.
const PROFILE_KEYS = ['age', 'bio', 'denomination', 'id', 'isVerified', 'location', 'reasons', 'user', 'userId']

describe('GET /api/profiles/discover', () => {
  it("answers the spec's Profile[] with exactly its fields, filtered by the query", async () => {
    const ruth = await member('woman')
    const boaz = await member('man', {
      birthDate: birthDateYearsAgo(33, -10),
      denomination: 'seventh-day-adventist',
      city: 'Franklin',
      bio: 'Farmer.',
    })
    const older = await member('man', { birthDate: birthDateYearsAgo(50, -10) })

    const reply = await api('GET', '/api/profiles/discover?ageMin=26&ageMax=35&location=within-50&denomination=seventh-day-adventist', {
      cookie: ruth.cookie,
    })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('cache-control')).toBe('no-store')
    expect(reply.body).toEqual([
      {
        id: expect.any(String),
        userId: boaz.id,
        age: 33,
        bio: 'Farmer.',
        location: 'Franklin, Tennessee',
        denomination: 'seventh-day-adventist',
        isVerified: false,
        user: { firstName: 'Boaz', profileImageUrl: null },
        reasons: ['17 miles away', 'Active today'],
      },
    ])
    for (const profile of reply.body as Record<string, unknown>[]) expect(Object.keys(profile).sort()).toEqual(PROFILE_KEYS)

    const unfiltered = await api('GET', '/api/profiles/discover?ageMin=&location=anywhere&denomination=any', { cookie: ruth.cookie })
    expect((unfiltered.body as { userId: string }[]).map((p) => p.userId)).toEqual(expect.arrayContaining([boaz.id, older.id]))
    expect(unfiltered.text).not.toMatch(/latitude|longitude|birthDate|email/)
  })

  it('answers 401 without a session and 400 with a readable message for a bad filter', async () => {
    expect(await api('GET', '/api/profiles/discover')).toMatchObject({ status: 401, body: { message: 'Please sign in to continue.' } })
    const ruth = await member('woman')
    expect(await api('GET', '/api/profiles/discover?ageMin=12', { cookie: ruth.cookie })).toMatchObject({
      status: 400,
      body: { message: 'Please choose an age between 18 and 100' },
    })
    expect(await api('GET', "/api/profiles/discover?denomination=' OR 1=1--", { cookie: ruth.cookie })).toMatchObject({
      status: 400,
      body: { message: 'Please choose a denomination' },
    })
    const incomplete = await registerMember(app.url)
    expect(await api('GET', '/api/profiles/discover', { cookie: incomplete.cookie })).toMatchObject({
      status: 400,
      body: { message: 'Please complete your profile to discover members.' },
    })
  })
})

describe('GET /api/profiles/:userId', () => {
  it("answers a member's public profile, and 404 once blocked", async () => {
    const ruth = await member('woman')
    const boaz = await member('man')
    const reply = await api('GET', `/api/profiles/${boaz.id}`, { cookie: ruth.cookie })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ userId: boaz.id, firstName: 'Boaz', distance: 'within-10', photos: [] })
    expect(reply.text).not.toContain(boaz.email)

    expect((await api('POST', '/api/blocks', { cookie: boaz.cookie, body: { userId: ruth.id } })).status).toBe(200)
    expect(await api('GET', `/api/profiles/${boaz.id}`, { cookie: ruth.cookie })).toMatchObject({
      status: 404,
      body: { message: expect.any(String) },
    })
  })
})

describe('POST /api/likes, GET /api/matches, DELETE /api/matches/:id', () => {
  it('likes, matches on the reciprocal like, lists and unmatches', async () => {
    const ruth = await member('woman')
    const boaz = await member('man')
    expect(await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })).toMatchObject({
      status: 200,
      body: { isMutual: false },
    })
    const mutual = await api('POST', '/api/likes', { cookie: boaz.cookie, body: { receiverId: ruth.id } })
    expect(mutual.status).toBe(200)
    expect(mutual.body).toEqual({
      isMutual: true,
      matchId: expect.any(String),
      conversationId: expect.any(String),
      member: { id: expect.any(String), firstName: expect.any(String), photoUrl: null },
    })

    const list = await api('GET', '/api/matches', { cookie: ruth.cookie })
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      {
        id: mutual.body.matchId,
        matchedAt: expect.any(String),
        conversationId: mutual.body.conversationId,
        user: { id: boaz.id, firstName: 'Boaz', profileImageUrl: null, age: 30, location: 'Nashville, Tennessee' },
      },
    ])

    expect(await api('DELETE', `/api/matches/${mutual.body.matchId}`, { cookie: boaz.cookie })).toMatchObject({
      status: 200,
      body: { success: true },
    })
    expect((await api('GET', '/api/matches', { cookie: ruth.cookie })).body).toEqual([])
    expect((await api('DELETE', `/api/matches/${mutual.body.matchId}`, { cookie: ruth.cookie })).status).toBe(404)
  })

  it('answers 400 for a bad body, 404 for an unknown member and 401 without a session', async () => {
    const ruth = await member('woman')
    expect(await api('POST', '/api/likes', { cookie: ruth.cookie, body: {} })).toMatchObject({
      status: 400,
      body: { message: 'Please choose a member' },
    })
    expect((await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: 'no-such-member' } })).status).toBe(404)
    expect((await api('POST', '/api/likes', { body: { receiverId: ruth.id } })).status).toBe(401)
    expect((await api('GET', '/api/matches')).status).toBe(401)
  })

  it('answers 429 with Retry-After once a free member has used the daily likes', async () => {
    const ruth = await member('woman')
    const men: RestMember[] = []
    for (let i = 0; i <= dailyLikes; i++) men.push(await member('man'))
    for (const man of men.slice(0, -1))
      expect((await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: man.id } })).status).toBe(200)
    const limited = await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: men.at(-1)!.id } })
    expect(limited.status).toBe(429)
    expect(limited.body.message).toContain('Premium')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('POST /api/interests and GET /api/notifications', () => {
  it('sends a thoughtful interest that the receiver sees; a blank message is a 400 with the spec text', async () => {
    const ruth = await member('woman', {}, 'Ruth')
    const boaz = await member('man')
    // On a plan with Likes You his notification names her and carries her words.
    await app.database.db.update(users).set({ plan: 'premium' }).where(eq(users.id, boaz.id))
    const blank = await api('POST', '/api/interests', {
      cookie: ruth.cookie,
      body: { receiverId: boaz.id, interestType: 'coffee_date', message: '   ' },
    })
    expect(blank).toMatchObject({ status: 400, body: { message: 'Please write a personal message to send with your interest.' } })

    const sent = await api('POST', '/api/interests', {
      cookie: ruth.cookie,
      body: {
        receiverId: boaz.id,
        interestType: 'potluck',
        message: 'Join us for the fellowship meal?',
        suggestedActivity: 'Potluck lunch',
        timePreference: 'sabbath',
      },
    })
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ id: expect.any(String), isMutual: false })

    const notes = await api('GET', '/api/notifications', { cookie: boaz.cookie })
    expect(notes.status).toBe(200)
    expect(notes.body.nextCursor).toBeNull()
    // Boaz's own achievements (a complete profile) come along; Ruth's interest is the one from a member.
    expect(notes.body.notifications.filter((n: { type: string }) => n.type !== 'achievement_earned')).toEqual([
      expect.objectContaining({
        type: 'interest_received',
        actor: { id: ruth.id, firstName: 'Ruth', photoUrl: null },
        interest: expect.objectContaining({
          interestType: 'potluck',
          message: 'Join us for the fellowship meal?',
          timePreference: 'sabbath',
        }),
      }),
    ])
    const unread = notes.body.notifications.length
    expect((await api('GET', '/api/notifications/unread-count', { cookie: boaz.cookie })).body).toEqual({ count: unread })
    const read = await api('POST', '/api/notifications/read', { cookie: boaz.cookie, body: { ids: [notes.body.notifications[0].id] } })
    expect(read).toMatchObject({ status: 200, body: { marked: 1 } })
    expect((await api('GET', '/api/notifications', { cookie: boaz.cookie })).body.notifications[0].readAt).toEqual(expect.any(String))
    expect((await api('GET', '/api/notifications/unread-count', { cookie: boaz.cookie })).body).toEqual({ count: unread - 1 })
    // With no body at all, everything is marked read.
    expect((await api('POST', '/api/notifications/read', { cookie: boaz.cookie })).status).toBe(200)
  })
})

describe('POST /api/blocks, GET /api/blocks, DELETE /api/blocks/:userId, POST /api/reports', () => {
  it('blocks, lists, unblocks and reports', async () => {
    const ruth = await member('woman')
    const boaz = await member('man')
    expect(await api('POST', '/api/blocks', { cookie: ruth.cookie, body: { userId: boaz.id } })).toMatchObject({
      status: 200,
      body: { success: true },
    })
    expect((await api('GET', '/api/profiles/discover', { cookie: boaz.cookie })).body).not.toContainEqual(
      expect.objectContaining({ userId: ruth.id }),
    )
    expect((await api('GET', '/api/blocks', { cookie: ruth.cookie })).body).toEqual([
      { userId: boaz.id, firstName: 'Boaz', profileImageUrl: null, blockedAt: expect.any(String) },
    ])
    expect(await api('DELETE', `/api/blocks/${boaz.id}`, { cookie: ruth.cookie })).toMatchObject({ status: 200, body: { success: true } })
    expect((await api('DELETE', `/api/blocks/${boaz.id}`, { cookie: ruth.cookie })).status).toBe(404)

    expect(
      await api('POST', '/api/reports', {
        cookie: ruth.cookie,
        body: { userId: boaz.id, reason: 'fake_profile', details: 'Stock photos.' },
      }),
    ).toMatchObject({
      status: 200,
      body: { success: true, reportId: expect.any(String) },
    })
    expect(await api('POST', '/api/reports', { cookie: ruth.cookie, body: { userId: boaz.id, reason: 'meh', details: '' } })).toMatchObject(
      {
        status: 400,
        body: { message: 'Please choose a reason for your report' },
      },
    )
    expect((await api('POST', '/api/blocks', { body: { userId: boaz.id } })).status).toBe(401)
  })

  it('refuses a cross-site block', async () => {
    const ruth = await member('woman')
    const boaz = await member('man')
    const reply = await api('POST', '/api/blocks', {
      cookie: ruth.cookie,
      body: { userId: boaz.id },
      headers: { Origin: 'https://evil.example' },
    })
    expect(reply.status).toBe(403)
    expect((await api('GET', '/api/blocks', { cookie: ruth.cookie })).body).toEqual([])
  })
})

describe('account: pause, resume, export, delete', () => {
  it('pauses and resumes', async () => {
    const ruth = await member('woman')
    const boaz = await member('man')
    expect(await api('POST', '/api/account/pause', { cookie: boaz.cookie })).toMatchObject({ status: 200, body: { status: 'paused' } })
    expect((await api('GET', `/api/profiles/${boaz.id}`, { cookie: ruth.cookie })).status).toBe(404)
    expect(await api('POST', '/api/account/resume', { cookie: boaz.cookie })).toMatchObject({ status: 200, body: { status: 'active' } })
    expect((await api('GET', `/api/profiles/${boaz.id}`, { cookie: ruth.cookie })).status).toBe(200)
  })

  it('exports a JSON attachment of the member’s data', async () => {
    const ruth = await member('woman')
    const reply = await api('GET', '/api/account/export', { cookie: ruth.cookie })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="covenant-my-data\.json"/)
    expect(reply.body.account).toMatchObject({ id: ruth.id, email: ruth.email })
    expect(Object.keys(reply.body)).toEqual(
      expect.arrayContaining([
        'account',
        'profile',
        'photos',
        'likesSent',
        'matches',
        'interestsSent',
        'interestsReceived',
        'blocks',
        'reportsFiled',
        'notifications',
      ]),
    )
    expect((await api('GET', '/api/account/export')).status).toBe(401)
  })

  it('deletes the account: its data goes and its session stops working', async () => {
    const ruth = await member('woman')
    const boaz = await member('man')
    await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: boaz.id } })
    const reply = await api('DELETE', '/api/account', { cookie: ruth.cookie })
    expect(reply).toMatchObject({ status: 200, body: { success: true } })
    expect(reply.headers.getSetCookie().join('\n')).toMatch(/covenant_session=;.*Max-Age=0/)
    expect((await api('GET', '/api/auth/user', { cookie: ruth.cookie })).status).toBe(401)
    expect((await api('GET', '/api/profiles/discover', { cookie: boaz.cookie })).body).not.toContainEqual(
      expect.objectContaining({ userId: ruth.id }),
    )
    const login = await api('POST', '/api/login', { body: { email: ruth.email, password: 'correct horse battery' } })
    expect(login.status).toBe(401)
  })
})

describe('GET|PUT /api/profile/prompts and POST /api/likes with a note', () => {
  it('saves prompts in order, shows them on the public profile, and a note on one arrives as an interest', async () => {
    const ruth = await member('woman', {}, 'Ruth')
    const boaz = await member('man')
    await app.database.db.update(users).set({ plan: 'premium' }).where(eq(users.id, ruth.id))
    expect(await api('GET', '/api/profile/prompts', { cookie: ruth.cookie })).toMatchObject({ status: 200, body: [] })
    const prompts = [
      { promptId: 'sabbath_afternoons', answer: 'A walk by the river.' },
      { promptId: 'verse', answer: 'Psalm 46:10' },
    ]
    const saved = await api('PUT', '/api/profile/prompts', { cookie: ruth.cookie, body: { prompts } })
    expect(saved).toMatchObject({
      status: 200,
      body: [
        { ...prompts[0], prompt: 'Sabbath afternoons look like…' },
        { ...prompts[1], prompt: 'The verse I keep coming back to…' },
      ],
    })
    expect((await api('GET', `/api/profiles/${ruth.id}`, { cookie: boaz.cookie })).body.prompts).toEqual(saved.body)
    const twice = await api('PUT', '/api/profile/prompts', { cookie: ruth.cookie, body: { prompts: [prompts[1], prompts[1]] } })
    expect(twice).toMatchObject({ status: 400, body: { message: 'Please choose each prompt once' } })
    expect((await api('PUT', '/api/profile/prompts', { body: { prompts } })).status).toBe(401)

    const stranger = await api('POST', '/api/likes', {
      cookie: boaz.cookie,
      body: { receiverId: ruth.id, note: 'Hi', about: { kind: 'prompt', promptId: 'laugh' } },
    })
    expect(stranger.status).toBe(400)
    expect(stranger.body.message).toMatch(/no longer on their profile/)
    const liked = await api('POST', '/api/likes', {
      cookie: boaz.cookie,
      body: { receiverId: ruth.id, note: 'Mine too!', about: { kind: 'prompt', promptId: 'verse' } },
    })
    expect(liked).toMatchObject({ status: 200, body: { isMutual: false } })
    const likesYou = await api('GET', '/api/likes/received', { cookie: ruth.cookie })
    expect(likesYou.body.members).toEqual([
      expect.objectContaining({
        id: boaz.id,
        interest: expect.objectContaining({
          message: 'Mine too!',
          about: { kind: 'prompt', promptId: 'verse', prompt: 'The verse I keep coming back to…', answer: 'Psalm 46:10' },
        }),
      }),
    ])
  })
})
