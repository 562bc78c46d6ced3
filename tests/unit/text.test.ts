import { describe, expect, it } from 'vitest'
import { scriptureStories } from '#shared/content/scripture-stories.ts'
import { initials, truncate } from '#shared/logic/text.ts'

describe('truncate', () => {
  it('leaves text within the limit untouched', () => {
    expect(truncate('Love is patient', 60)).toBe('Love is patient')
    expect(truncate('x'.repeat(60), 60)).toBe('x'.repeat(60))
  })

  it('cuts longer text to the limit and adds an ellipsis', () => {
    expect(truncate('x'.repeat(61), 60)).toBe(`${'x'.repeat(60)}…`)
  })

  it('gives the story card its 60-character verse excerpt', () => {
    const genesis = scriptureStories.find((story) => story.verseReference === 'Genesis 2:24')
    expect(truncate(genesis?.verse ?? '', 60)).toBe('Therefore shall a man leave his father and his mother, and s…')
  })

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('Teaching, Encouragement, Hospitality', 10)).toBe('Teaching,…')
    expect(truncate('Faith hope love', 6)).toBe('Faith…')
  })

  it('never splits an emoji', () => {
    expect(truncate('🙏🙏🙏', 2)).toBe('🙏🙏…')
  })
})

describe('initials', () => {
  it('takes the first letter of each name in capitals', () => {
    expect(initials('grace', 'hope')).toBe('GH')
    expect(initials('Élodie', 'Ñúñez')).toBe('ÉÑ')
  })

  it('works with a first name only', () => {
    expect(initials('Samuel')).toBe('S')
    expect(initials('Samuel', '')).toBe('S')
  })

  it('ignores surrounding spaces', () => {
    expect(initials('  ruth ', ' boaz')).toBe('RB')
  })
})
