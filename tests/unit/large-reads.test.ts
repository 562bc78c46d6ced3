import { describe, expect, it } from 'vitest'
import { readInPages, readInSlices } from '#db/large-reads.ts'

const ids = (count: number) => Array.from({ length: count }, (_, i) => `member-${String(i).padStart(5, '0')}`)

/** A read ordered by id that answers at most `limit` rows after `after`, and remembers each call. */
function pagedRead(rows: string[]) {
  const calls: (string | null)[] = []
  const readPage = async (after: string | null, limit: number) => {
    calls.push(after)
    return rows.filter((id) => after === null || id > after).slice(0, limit)
  }
  return { calls, readPage }
}

async function everyPage(rows: string[], limit: number) {
  const { calls, readPage } = pagedRead(rows)
  const pages: string[][] = []
  for await (const page of readInPages(readPage, (id) => id, limit)) pages.push(page)
  return { pages, calls }
}

describe('reads too large for one statement', () => {
  it('reads every row once, a page at a time, however the count falls against the page size', async () => {
    for (const count of [0, 1, 999, 1000, 1001, 3000]) {
      const rows = ids(count)
      const { pages, calls } = await everyPage(rows, 1000)
      expect(pages.flat()).toEqual(rows)
      expect(pages.every((page) => page.length <= 1000)).toBe(true)
      // One more read only when the last page came back full.
      expect(calls).toHaveLength(Math.floor(count / 1000) + 1)
    }
  })

  it('starts each page after the last id of the page before', async () => {
    const { calls } = await everyPage(ids(25), 10)
    expect(calls).toEqual([null, 'member-00009', 'member-00019'])
  })

  it('reads a long id list in slices of at most 500 and answers every row together', async () => {
    const slices: number[] = []
    const rows = await readInSlices(ids(1234), async (slice) => {
      slices.push(slice.length)
      return slice.map((id) => id.toUpperCase())
    })
    expect(slices).toEqual([500, 500, 234])
    expect(rows).toEqual(ids(1234).map((id) => id.toUpperCase()))
    expect(await readInSlices([], async () => ['never'])).toEqual([])
  })
})
