import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '#server/app.ts'
import { call, PASSWORD, registerMember, sessionCookie } from '#tests/support/http.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig())
})
afterAll(async () => {
  await app?.close()
})

const batchInput = (count: number) =>
  encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [i, {}]))))

describe('tRPC over HTTP', () => {
  it('answers a call whole, with its length, and signs in with the cookie it sets', async () => {
    const member = await registerMember(app.url)
    const signIn = await call(app.url, 'POST', '/trpc/auth.login', { body: { json: { email: member.email, password: PASSWORD } } })
    expect(signIn.status).toBe(200)
    expect(signIn.headers.get('content-length')).toBe(String(Buffer.byteLength(signIn.text)))
    const cookie = sessionCookie(signIn)!

    const me = await call(app.url, 'GET', '/trpc/auth.user', { cookie })
    expect(me.headers.get('content-length')).toBe(String(Buffer.byteLength(me.text)))
    expect(me.headers.get('cache-control')).toBe('no-store')
    expect(me.body).toMatchObject({ result: { data: { json: { email: member.email } } } })
  })

  it('answers a batch as our client sends it, each call with its own outcome', async () => {
    const { cookie } = await registerMember(app.url)
    const reply = await call(app.url, 'GET', `/trpc/auth.user,nowhere.atAll?batch=1&input=${batchInput(2)}`, { cookie })
    expect(reply.status).toBe(207)
    const [user, missing] = reply.body as [{ result?: unknown }, { error?: { json: { data: { httpStatus: number } } } }]
    expect(user.result).toBeDefined()
    expect(missing.error?.json.data.httpStatus).toBe(404)
  })

  it('answers a failed query in the shape tRPC gives it, with the status its failure means', async () => {
    const { cookie } = await registerMember(app.url)
    const asked = (value: unknown) => encodeURIComponent(JSON.stringify(value))
    const mixed = await call(app.url, 'GET', `/trpc/auth.user,members.byId?batch=1&input=${asked({ 1: { json: { userId: 'gone' } } })}`, {
      cookie,
    })
    expect(mixed.status).toBe(207)
    expect(mixed.body[0].result.data.json.id).toBeDefined()
    expect(mixed.body[1].error.json).toMatchObject({
      message: 'This member is no longer available.',
      data: { code: 'NOT_FOUND', httpStatus: 404 },
    })

    const refused = await call(app.url, 'GET', `/trpc/members.byId?input=${asked({ json: { userId: 5 } })}`, { cookie })
    expect(refused.status).toBe(400)
    expect(refused.body.error.json.data.fieldErrors).toEqual({ userId: ['Please choose a member'] })

    const signedOut = await call(app.url, 'GET', '/trpc/auth.user')
    expect(signedOut.status).toBe(401)
    expect(signedOut.body.error.json.message).toBe('Please sign in to continue.')
  })

  it('streams a batch asked for as JSON lines, one call after the other', async () => {
    const { cookie } = await registerMember(app.url)
    const reply = await fetch(`${app.url}/trpc/auth.user,auth.user?batch=1&input=${batchInput(2)}`, {
      headers: { cookie, 'trpc-accept': 'application/jsonl' },
    })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('transfer-encoding')).toBe('chunked')
    const lines = (await reply.text()).trim().split('\n')
    // The head, then one line per call's answer (and the pieces of each).
    expect(lines.length).toBeGreaterThan(2)
    expect(lines.every((line) => JSON.parse(line))).toBe(true)
    expect(lines.join('\n').match(/"email"/g)).toHaveLength(2)
  })

  it('tells a streamed batch of a limit in the stream, the headers being already sent', async () => {
    const asked = { 0: { json: { email: 'streamed-reset@example.com' } } }
    const ask = () =>
      fetch(`${app.url}/trpc/auth.forgotPassword?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'trpc-accept': 'application/jsonl' },
        body: JSON.stringify(asked),
      }).then((reply) => reply.text())
    const answers: string[] = []
    for (let i = 0; i < 6; i++) answers.push(await ask())
    // Five an hour for one address: the sixth is refused in its line of the stream, and nothing
    // fails on the server for want of a Retry-After header it can no longer send.
    expect(answers.slice(0, 5).every((text) => !text.includes('TOO_MANY_REQUESTS'))).toBe(true)
    expect(answers[5]).toContain('TOO_MANY_REQUESTS')
  })
})
