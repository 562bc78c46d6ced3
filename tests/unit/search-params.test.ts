import { describe, expect, it } from 'vitest'
import { visitorSearch } from '#client/features/auth/visitor-search.ts'
import { oneOf, searchParams, text } from '#client/lib/search-params.ts'

describe('route search params', () => {
  it('send a visitor back only to a path of this site after signing in', () => {
    expect(visitorSearch({ redirect: '/messaging?conversation=c1' })).toEqual({ redirect: '/messaging?conversation=c1' })
    for (const redirect of ['//evil.example', '/\\evil.example', 'https://evil.example', 42]) {
      expect(visitorSearch({ redirect })).toEqual({})
    }
  })

  it('drop an over-long error message and keep a short one', () => {
    expect(visitorSearch({ error: 'Google sign-in was cancelled' })).toEqual({ error: 'Google sign-in was cancelled' })
    expect(visitorSearch({ error: 'x'.repeat(301) })).toEqual({})
  })

  it('keep a known tab and a bounded id, and leave out anything else', () => {
    const parse = searchParams({ tab: oneOf(['reports', 'photos']), checkout: text({ min: 1, max: 64 }) })
    expect(parse({ tab: 'photos', checkout: 'cs_1', extra: 'x' })).toEqual({ tab: 'photos', checkout: 'cs_1' })
    const parsed = parse({ tab: 'admin', checkout: '' })
    expect(parsed).toEqual({})
    expect(Object.keys(parse({ checkout: 'y'.repeat(65), tab: ['photos'] }))).toEqual([])
  })
})
