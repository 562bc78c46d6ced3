import { TRPCError } from '@trpc/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicErrorMessage } from '#server/errors.ts'
import { seedContent } from '#server/seed/content.ts'
import { contractHarness } from '#tests/support/contract.ts'

type Harness = Awaited<ReturnType<typeof contractHarness>>

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCError) return error
    throw error
  }
  throw new Error('expected the call to be refused, but it succeeded')
}

let h: Harness
beforeAll(async () => {
  h = await contractHarness()
  await seedContent(h.db)
})
afterAll(() => h.close())

describe('evangelism.content', () => {
  it('is UNAUTHORIZED for a visitor', async () => {
    expect((await refusal(h.caller().api.evangelism.content({ category: 'all' }))).code).toBe('UNAUTHORIZED')
  })

  it('lists every category from the database by default, each item with the spec’s fields', async () => {
    const member = await h.member()
    const items = await member.api.evangelism.content({})
    expect(items).toHaveLength(12)
    expect(await member.api.evangelism.content({ category: 'all' })).toEqual(items)
    for (const item of items) {
      expect(item).toEqual({
        id: expect.any(String),
        category: expect.stringMatching(/^(seekers|new_believers|mature_christians)$/),
        title: expect.any(String),
        description: expect.any(String),
        type: expect.any(String),
        duration: expect.any(String),
        participants: expect.any(Number),
        rating: expect.any(Number),
        isFeatured: expect.any(Boolean),
      })
      expect(item.rating).toBeGreaterThanOrEqual(1)
      expect(item.rating).toBeLessThanOrEqual(5)
    }
    // One featured item per audience, in the curated order.
    expect(items.filter((item) => item.isFeatured).map((item) => [item.category, item.title])).toEqual([
      ['seekers', 'Who Is Jesus? An Honest Look'],
      ['new_believers', 'First Steps in Faith'],
      ['mature_christians', 'Sharing Your Testimony with Grace'],
    ])
  })

  it('filters by category', async () => {
    const member = await h.member()
    for (const category of ['seekers', 'new_believers', 'mature_christians'] as const) {
      const items = await member.api.evangelism.content({ category })
      expect(items).toHaveLength(4)
      expect(new Set(items.map((item) => item.category))).toEqual(new Set([category]))
    }
  })

  it('refuses a category that does not exist', async () => {
    const member = await h.member()
    const error = await refusal(member.api.evangelism.content({ category: "seekers' OR 1=1--" as never }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(publicErrorMessage(error)).toBe('Please choose a category')
  })
})

describe('evangelism.resource', () => {
  it('is UNAUTHORIZED for a visitor', async () => {
    const [item] = await (await h.member()).api.evangelism.content({})
    expect((await refusal(h.caller().api.evangelism.resource({ id: item!.id }))).code).toBe('UNAUTHORIZED')
  })

  it('opens every listed item to its page: the card’s fields and several paragraphs of text', async () => {
    const member = await h.member()
    for (const card of await member.api.evangelism.content({})) {
      const page = await member.api.evangelism.resource({ id: card.id })
      expect(page).toEqual({ ...card, paragraphs: expect.any(Array) })
      expect(page.paragraphs.length, card.title).toBeGreaterThanOrEqual(3)
      for (const paragraph of page.paragraphs) {
        expect(paragraph.length, card.title).toBeGreaterThan(80)
        expect(paragraph).toBe(paragraph.trim())
      }
    }
  })

  it('points each study to Scripture', async () => {
    const member = await h.member()
    for (const card of await member.api.evangelism.content({})) {
      const { paragraphs } = await member.api.evangelism.resource({ id: card.id })
      expect(paragraphs.join(' '), card.title).toMatch(/\b\d? ?[A-Z][a-z]+ \d+:\d+/)
    }
  })

  it('is NOT_FOUND with a readable message for an id that does not exist', async () => {
    const member = await h.member()
    const error = await refusal(member.api.evangelism.resource({ id: 'no-such-item' }))
    expect(error.code).toBe('NOT_FOUND')
    expect(publicErrorMessage(error)).toBe('That item is not in the Evangelism Hub. It may have been removed.')
  })
})
