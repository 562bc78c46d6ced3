import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#db/schema/index.ts'
import { type RunningApp, startApp } from '#server/app.ts'
import { call, registerMember } from '#tests/support/http.ts'
import { jpegWithGps } from '#tests/support/images.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig({ PHOTO_REVIEW: '1' }))
})
afterAll(() => app?.close())

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

function photoForm(bytes: Uint8Array) {
  const form = new FormData()
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg')
  return form
}

describe('photo review over HTTP (PHOTO_REVIEW=1)', () => {
  it('serves a photo in review to its owner and moderators only, then to every member once approved', async () => {
    const owner = await registerMember(app.url, { firstName: 'Ruth' })
    const other = await registerMember(app.url, { firstName: 'Boaz' })
    const moderator = await registerMember(app.url, { firstName: 'Deborah' })
    await app.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.user.id))

    const uploaded = await api('POST', '/api/profile/photos', { cookie: owner.cookie, body: photoForm(await jpegWithGps(400, 300)) })
    expect(uploaded.status).toBe(200)
    const [photo] = uploaded.body.photos
    expect(photo).toMatchObject({ reviewStatus: 'pending', isMain: false })

    const sizes = ['card', 'small', 'large'].map((size) => photo.url.replace('-card.webp', `-${size}.webp`))
    for (const url of sizes) {
      expect((await api('GET', url, { cookie: owner.cookie })).status).toBe(200)
      expect((await api('GET', url, { cookie: moderator.cookie })).status).toBe(200)
      const refused = await api('GET', url, { cookie: other.cookie })
      expect(refused.status).toBe(404)
      expect(refused.body).toEqual({ message: 'Not found' })
      expect((await api('GET', url)).status).toBe(404)
    }

    expect((await api('GET', '/api/moderation/photos', { cookie: other.cookie })).status).toBe(403)
    const queue = await api('GET', '/api/moderation/photos', { cookie: moderator.cookie })
    expect(queue.status).toBe(200)
    expect(queue.body).toContainEqual(expect.objectContaining({ photoId: photo.id, memberId: owner.user.id, firstName: 'Ruth' }))

    const refusedReview = await api('POST', `/api/moderation/photos/${photo.id}/review`, {
      cookie: other.cookie,
      body: { decision: 'approve' },
    })
    expect(refusedReview.status).toBe(403)
    const unexplained = await api('POST', `/api/moderation/photos/${photo.id}/review`, {
      cookie: moderator.cookie,
      body: { decision: 'reject' },
    })
    expect(unexplained.status).toBe(400)
    const approved = await api('POST', `/api/moderation/photos/${photo.id}/review`, {
      cookie: moderator.cookie,
      body: { decision: 'approve' },
    })
    expect(approved.status).toBe(200)
    expect(approved.body).toEqual({ photoId: photo.id, reviewStatus: 'approved' })

    for (const url of sizes) expect((await api('GET', url, { cookie: other.cookie })).status).toBe(200)
    expect((await api('GET', photo.url)).status).toBe(404)
  })
})
