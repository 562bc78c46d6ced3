import { describe, expect, it } from 'vitest'
import { conversationPrompts, promptCategories, promptDifficulties, promptsFor } from '#shared/content/conversation-prompts.ts'
import { DEFAULT_INTEREST_TYPE, hasActivity, interestTypes, timePreferences } from '#shared/content/interest-types.ts'

describe('interest types', () => {
  it('are the four of the spec, with their labels, coffee date first and the default', () => {
    expect(interestTypes.map((type) => [type.value, type.label])).toEqual([
      ['coffee_date', 'Coffee Date'],
      ['potluck', 'Church Potluck'],
      ['study_partner', 'Study Partner'],
      ['general', 'General Interest'],
    ])
    expect(DEFAULT_INTEREST_TYPE).toBe('coffee_date')
  })

  it('give a suggested activity and a time only to a coffee date or a potluck', () => {
    expect(interestTypes.filter((type) => hasActivity(type.value)).map((type) => type.value)).toEqual(['coffee_date', 'potluck'])
  })

  it('offer the eight time preferences, Sabbath labelled Sabbath/Sunday', () => {
    expect(timePreferences.map((option) => option.value)).toEqual([
      'weekday_morning',
      'weekday_afternoon',
      'weekday_evening',
      'weekend_morning',
      'weekend_afternoon',
      'weekend_evening',
      'sabbath',
      'flexible',
    ])
    expect(timePreferences.find((option) => option.value === 'sabbath')!.label).toBe('Sabbath/Sunday')
  })
})

describe('conversation prompts', () => {
  it('have unique ids and only the spec categories and difficulty levels', () => {
    expect(new Set(conversationPrompts.map((prompt) => prompt.id)).size).toBe(conversationPrompts.length)
    for (const prompt of conversationPrompts) {
      expect(promptCategories).toContain(prompt.category)
      expect(promptDifficulties).toContain(prompt.difficultyLevel)
      expect(prompt.prompt.trim().length).toBeGreaterThan(10)
      expect(prompt.prompt.length).toBeLessThan(500)
    }
  })

  it('show Sabbath keepers only the Sabbath prompts and everyone else only the others', () => {
    const keepers = promptsFor(true)
    const others = promptsFor(false)
    expect(keepers.length).toBeGreaterThan(3)
    expect(others.length).toBeGreaterThan(3)
    expect(keepers.every((prompt) => prompt.isForSabbathKeepers)).toBe(true)
    expect(others.every((prompt) => !prompt.isForSabbathKeepers)).toBe(true)
    expect(keepers.length + others.length).toBe(conversationPrompts.length)
    expect(others.some((prompt) => prompt.category === 'sabbath_keeping')).toBe(false)
  })
})
