import { describe, expect, it } from 'vitest'
import { scriptureStories, storyCategories, storyCategoryIds } from '#shared/content/scripture-stories.ts'

const textFields = ['id', 'names', 'reference', 'story', 'lesson', 'practicalApplication', 'verse', 'verseReference'] as const

describe('scripture couple stories', () => {
  it('has exactly ten couples, each shown once', () => {
    expect(scriptureStories).toHaveLength(10)
    expect(new Set(scriptureStories.map((story) => story.names)).size).toBe(10)
    expect(new Set(scriptureStories.map((story) => story.id)).size).toBe(10)
  })

  it.each(scriptureStories.map((story) => [story.names, story] as const))('%s has every field filled in', (_, story) => {
    for (const field of textFields) expect(story[field].trim(), field).not.toBe('')
    expect(story.fullStory.length).toBeGreaterThanOrEqual(3)
    for (const paragraph of story.fullStory) expect(paragraph.trim()).not.toBe('')
    expect(storyCategoryIds).toContain(story.category)
  })

  it('uses every category, and each category has its own badge colour', () => {
    expect(new Set(scriptureStories.map((story) => story.category))).toEqual(new Set(storyCategoryIds))
    const colours = storyCategoryIds.map((category) => storyCategories[category].badgeColor)
    expect(new Set(colours).size).toBe(storyCategoryIds.length)
  })

  it('names the couple with an ampersand, as the cards show them', () => {
    for (const story of scriptureStories) expect(story.names).toMatch(/^\S.* & \S.*$/)
  })

  it('gives each scripture reference as book, chapter and verses', () => {
    const reference = /^(?:[1-3] )?[A-Z][a-z]+(?: of [A-Z][a-z]+)? \d+(?:[:-]\d+)?/
    for (const story of scriptureStories) {
      expect(story.reference).toMatch(reference)
      expect(story.verseReference).toMatch(/^(?:[1-3] )?[A-Z][a-z]+(?: of [A-Z][a-z]+)? \d+:\d+(?:-\d+)?$/)
    }
  })

  it('features Boaz & Ruth first, as the landing page’s Biblical Love Story', () => {
    expect(scriptureStories[0]?.names).toBe('Boaz & Ruth')
  })
})
