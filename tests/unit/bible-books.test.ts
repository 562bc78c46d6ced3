import { describe, expect, it } from 'vitest'
import { bibleBooks, startsWithScriptureReference } from '#shared/content/bible-books.ts'

describe('scripture references', () => {
  it('knows the 66 books', () => {
    expect(bibleBooks).toHaveLength(66)
  })

  it.each([
    'Ephesians 4:26',
    '1 John 4:19-21',
    'Psalm 127:1 — Unless the Lord builds the house',
    'Song of Songs 8:7',
    'Ruth 1:16–17',
    'Genesis 2',
  ])('accepts %s', (text) => expect(startsWithScriptureReference(text)).toBe(true))

  it.each(['Hezekiah 3:16', 'Opinions 1:1', 'As the Bible says, love is patient', '1 Johnny 4:8', 'Ephesians'])('refuses %s', (text) =>
    expect(startsWithScriptureReference(text)).toBe(false),
  )
})
