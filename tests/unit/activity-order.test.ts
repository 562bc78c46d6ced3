import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { byActivity, type ListedMember, replaceIn } from '#server/services/member-directory.ts'

/** A listed member as an activity order sees one: an id and a last activity. */
const member = (id: number, position: number) => ({ row: { userId: `member-${id}` }, position }) as unknown as ListedMember
const names = (order: readonly ListedMember[]) => order.map(({ row, position }) => `${row.userId}@${position}`)

/**
 * An order of distinct members, then a change to it: some leave (`gone` picks them by index), some
 * arrive (new members, or a leaving member back with another last activity), as a refresh finds them.
 */
const change = fc
  .record({
    positions: fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }),
    gone: fc.uniqueArray(fc.nat(), { maxLength: 20 }),
    moved: fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 20 }),
    joined: fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 20 }),
  })
  .map(({ positions, gone, moved, joined }) => {
    const order = positions.map((position, id) => member(id, position)).sort(byActivity)
    const leaving = [...new Set(gone.filter(() => order.length > 0).map((index) => order[index % order.length]!))]
    const arrived = [
      ...leaving.slice(0, moved.length).map((left, index) => ({ ...left, position: moved[index]! })),
      ...joined.map((position, index) => member(1000 + index, position)),
    ]
    return { order, gone: leaving, arrived }
  })

describe('an activity order changed in place', () => {
  it('holds exactly the members kept and arrived, most recently active first, whatever leaves and arrives where', () => {
    fc.assert(
      fc.property(change, ({ order, gone, arrived }) => {
        const expected = [...order.filter((kept) => !gone.includes(kept)), ...arrived].sort(byActivity)
        replaceIn(order, gone, [...arrived])
        expect(names(order)).toEqual(names(expected))
      }),
      { numRuns: 3000 },
    )
  })

  it('moves a member to the front of a long order and back again, its length unchanged', () => {
    const order = Array.from({ length: 5_000 }, (_, id) => member(id, 10_000 - id))
    const last = order.at(-1)!
    const returned = { ...last, position: 20_000 }
    replaceIn(order, [last], [returned])
    expect(order[0]).toBe(returned)
    expect(order).toHaveLength(5_000)
    expect(order[1]!.row.userId).toBe('member-0')

    const away = { ...returned, position: 0 }
    replaceIn(order, [returned], [away])
    expect(order.at(-1)).toBe(away)
    expect(order[0]!.row.userId).toBe('member-0')
    expect(order).toHaveLength(5_000)
  })
})
