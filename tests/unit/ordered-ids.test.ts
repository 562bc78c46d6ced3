import { describe, expect, it } from 'vitest'
import { orderedId } from '#db/ids.ts'

/** Text order, as SQLite compares ids. */
const sorted = (ids: string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

describe('ordered ids', () => {
  it('sort in the order they were made within one millisecond, across milliseconds, and when the clock goes back', () => {
    const at = Date.now()
    const made = [
      ...Array.from({ length: 5_000 }, () => orderedId(at)),
      ...Array.from({ length: 100 }, (_, i) => orderedId(at + 1 + i)),
      ...Array.from({ length: 100 }, (_, i) => orderedId(at - 1_000 - i)),
    ]
    expect(sorted(made)).toEqual(made)
    expect(new Set(made).size).toBe(made.length)
  })

  it('are URL-safe and of one length', () => {
    const id = orderedId()
    expect(id).toMatch(/^[\w-]+$/)
    expect(orderedId(Date.now() + 60_000)).toHaveLength(id.length)
  })
})
