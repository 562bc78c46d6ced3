import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '#server/app.ts'
import { call } from '#tests/support/http.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig())
})
afterAll(() => app?.close())

/** tRPC's query string: the input as superjson writes it. */
const input = (value: unknown) => encodeURIComponent(JSON.stringify({ json: value }))
const batchInput = (values: Record<number, unknown>) =>
  encodeURIComponent(JSON.stringify(Object.fromEntries(Object.entries(values).map(([i, value]) => [i, { json: value }]))))

describe('the place lists behind the profile form', () => {
  it('may be kept by the browser for a week: they change only with a release', async () => {
    const states = await call(app.url, 'GET', `/trpc/places.states?input=${input({ country: 'US' })}`)
    expect(states.status).toBe(200)
    expect(states.body.result.data.json).toContainEqual({ code: 'TN', name: 'Tennessee' })
    expect(states.headers.get('cache-control')).toBe('public, max-age=604800, stale-while-revalidate=2592000')

    const batch = `/trpc/places.countries,places.cities?batch=1&input=${batchInput({ 1: { country: 'US', state: 'TN', startsWith: 'Chatt' } })}`
    const both = await call(app.url, 'GET', batch)
    expect(both.status).toBe(200)
    expect(both.body[1].result.data.json).toContain('Chattanooga')
    expect(both.headers.get('cache-control')).toContain('max-age=604800')
  })

  it('are not cached when a batch carries a member’s own data or a call fails', async () => {
    const mixed = await call(app.url, 'GET', `/trpc/places.countries,auth.me?batch=1&input=${batchInput({})}`)
    expect(mixed.headers.get('cache-control')).toBe('no-store')
    const bad = await call(app.url, 'GET', `/trpc/places.states?input=${input({ country: 'usa' })}`)
    expect(bad.status).toBe(400)
    expect(bad.headers.get('cache-control')).toBe('no-store')
  })
})
