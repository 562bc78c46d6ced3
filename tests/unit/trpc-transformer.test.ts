import fc from 'fast-check'
import superjson from 'superjson'
import { describe, expect, it } from 'vitest'
import { transformer } from '#server/trpc/transformer.ts'

const serialize = transformer.output.serialize

describe("the answers' transformer", () => {
  it('sends the same bytes as superjson, or refuses what it refuses, for any value', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withDate: true,
          withMap: true,
          withSet: true,
          withBigInt: true,
          withNullPrototype: true,
          withSparseArray: true,
          withObjectString: true,
          withBoxedValues: true,
        }),
        (value) => {
          const sent = (send: (value: unknown) => unknown) => {
            try {
              return JSON.stringify(send(value))
            } catch (error) {
              return `refused: ${(error as Error).message}`
            }
          }
          expect(sent(serialize)).toBe(sent((value) => superjson.serialize(value)))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('leaves to superjson what its meta must record, so the client reads back what was sent', () => {
    const shared = { city: 'Nashville' }
    const values = [
      { when: new Date('2026-11-29T12:00:00Z') },
      { cards: [{ reasons: ['Both Sabbath keepers'] }, undefined] },
      { miles: Number.NaN, least: -0, most: Number.POSITIVE_INFINITY },
      { home: shared, work: shared },
      { seen: new Set(['a']), counts: new Map([['a', 1]]) },
    ]
    for (const value of values) {
      const sent = serialize(value)
      expect(sent).toStrictEqual(superjson.serialize(value))
      expect(sent).toHaveProperty('meta')
      expect(superjson.deserialize(sent)).toStrictEqual(value)
    }
  })

  it('sends a plain answer as it is, as superjson would without meta', () => {
    const page = { profiles: [{ id: 'p1', age: 31, isVerified: true, denomination: null, reasons: ['3 miles away'] }], nextCursor: null }
    expect(serialize(page)).toStrictEqual({ json: page })
    expect(superjson.deserialize(serialize(page))).toStrictEqual(page)
  })
})
