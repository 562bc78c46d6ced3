import { describe, expect, it } from 'vitest'
import { orderedId, randomId } from '#db/ids.ts'

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

describe('random ids', () => {
  it('are 128 URL-safe bits, never repeated across many refills of their pool', () => {
    // 20,000 ids of 16 bytes draw the 4 KiB pool about 80 times over.
    const made = Array.from({ length: 20_000 }, () => randomId())
    expect(new Set(made).size).toBe(made.length)
    for (const id of made.slice(0, 300)) {
      expect(id).toMatch(/^[\w-]{22}$/)
      expect(Buffer.from(id, 'base64url')).toHaveLength(16)
    }
  })
})
