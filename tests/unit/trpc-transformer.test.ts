import fc from 'fast-check'
import superjson, { type SuperJSONResult } from 'superjson'
import { describe, expect, it } from 'vitest'
import { transformer } from '#server/trpc/transformer.ts'

const serialize = transformer.output.serialize

/** What goes on the wire, or superjson's refusal. */
function sent(send: (value: unknown) => unknown, value: unknown): string {
  try {
    return JSON.stringify(send(value))
  } catch (error) {
    return `refused: ${(error as Error).message}`
  }
}

/** What superjson itself puts on the wire for `value`, or its refusal. */
const sentBySuperjson = (value: unknown) => sent((value) => superjson.serialize(value), value)

/** What a client reads back from the wire. */
const readBack = (value: unknown) => superjson.deserialize(JSON.parse(JSON.stringify(serialize(value))))

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
          expect(sent(serialize, value)).toBe(sentBySuperjson(value))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('names the dates of any tree of arrays and objects in the bytes and order superjson does', () => {
    // Dates at every depth, under indexes, index-like keys ("1", but not "01") and dotted ones: the
    // order of superjson's names depends on which are which.
    const { tree } = fc.letrec((branch) => ({
      tree: fc.oneof({ depthSize: 'small' }, fc.date({ noInvalidDate: true }), fc.string(), branch('array'), branch('object')),
      array: fc.array(branch('tree'), { maxLength: 4 }),
      object: fc.dictionary(
        fc.oneof(fc.string(), fc.nat({ max: 20 }).map(String), fc.constantFrom('a.b', 'c\\d', '01', '1.5')),
        branch('tree'),
        { maxKeys: 4 },
      ),
    }))
    fc.assert(
      fc.property(tree, (value) => {
        expect(sent(serialize, value)).toBe(sentBySuperjson(value))
      }),
      { numRuns: 2000 },
    )
  })

  it('writes the dates of an answer as superjson does, under keys with dots and backslashes too', () => {
    const at = new Date('2026-11-29T12:00:00Z')
    const values = [
      { message: { id: 'm1', createdAt: at, readAt: null }, conversation: { lastMessageAt: new Date(at.getTime() + 1) } },
      [{ 'a.b': new Date(0) }, { 'c\\d': new Date(1) }],
      { nested: [[new Date(2), 'x'], { deeper: { when: new Date(3) } }] },
      // superjson names an array's own dates before the dates deeper in its items.
      [[new Date(4)], new Date(5)],
      [[[[new Date(6)], new Date(7)]]],
      { later: { when: new Date(8) }, 1: new Date(9), sooner: new Date(10) },
    ]
    for (const value of values) {
      expect(sent(serialize, value)).toBe(sentBySuperjson(value))
      expect(serialize(value)).toHaveProperty('meta')
      expect(readBack(value)).toStrictEqual(value)
    }
  })

  it('leaves to superjson what only it can record, so the client reads back what was sent', () => {
    const shared = { city: 'Nashville' }
    const at = new Date('2026-11-29T12:00:00Z')
    const values = [
      { cards: [{ reasons: ['Both Sabbath keepers'] }, undefined] },
      { miles: Number.NaN, least: -0, most: Number.POSITIVE_INFINITY },
      { home: shared, work: shared },
      { sent: at, seen: at },
      { seen: new Set(['a']), counts: new Map([['a', 1]]) },
    ]
    for (const value of values) {
      expect(serialize(value)).toStrictEqual(superjson.serialize(value))
      expect(serialize(value)).toHaveProperty('meta')
      expect(readBack(value)).toStrictEqual(value)
    }
    // superjson writes an invalid date as JSON does, null, and names no date.
    const invalid = { when: new Date(Number.NaN) }
    expect(sent(serialize, invalid)).toBe(sentBySuperjson(invalid))
  })

  it('sends a plain answer as it is, as superjson would without meta', () => {
    const page = { profiles: [{ id: 'p1', age: 31, isVerified: true, denomination: null, reasons: ['3 miles away'] }], nextCursor: null }
    expect(serialize(page)).toStrictEqual({ json: page })
    expect(readBack(page)).toStrictEqual(page)
  })
})

describe("the inputs' transformer", () => {
  const deserialize = transformer.input.deserialize

  // A "__proto__" key is left out here: superjson's copy drops it, read in place it stays a plain key (below).
  const keys = fc.string().filter((key) => key !== '__proto__')

  it('reads any input as superjson does', () => {
    fc.assert(
      fc.property(
        fc.anything({ key: keys, withDate: true, withMap: true, withSet: true, withBigInt: true, withSparseArray: true }),
        (value) => {
          const wire = sentBySuperjson(value)
          // What superjson refuses to write (a key such as "prototype" beside a bigint) no client sends.
          fc.pre(!wire.startsWith('refused'))
          // Compared as superjson writes them: an invalid date is never equal to another.
          const readBack = (read: (payload: SuperJSONResult) => unknown) => sentBySuperjson(read(JSON.parse(wire)))
          expect(readBack(deserialize)).toBe(readBack((payload) => superjson.deserialize(payload)))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it("revives a call's dates in the input it was given, without copying it first", () => {
    const payload = JSON.parse(JSON.stringify(superjson.serialize({ conversationId: 'c1', since: new Date('2026-12-02T12:00:00Z') })))
    const input = deserialize(payload)
    expect(input).toBe(payload.json)
    expect(input).toStrictEqual({ conversationId: 'c1', since: new Date('2026-12-02T12:00:00Z') })
  })

  it('keeps a "__proto__" key of the input as a plain key, never as the prototype', () => {
    const input = deserialize(JSON.parse('{"json":{"__proto__":{"isAdmin":true},"content":"hi"}}')) as Record<string, unknown>
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype)
    expect(input.isAdmin).toBeUndefined()
    expect(input.content).toBe('hi')
  })
})
