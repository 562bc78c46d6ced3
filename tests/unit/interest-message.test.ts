import { describe, expect, it } from 'vitest'
import { interestSentDescription, isBlankMessage, messageFromPrompt } from '#client/features/interests/interest-message.ts'

describe('the Thoughtful Interest message', () => {
  it('starts from a chosen prompt followed by a blank line', () => {
    expect(messageFromPrompt('How do you like to welcome the Sabbath on Friday evening?')).toBe(
      'How do you like to welcome the Sabbath on Friday evening?\n\n',
    )
  })

  it('counts as blank when it is empty or only whitespace', () => {
    expect(isBlankMessage('')).toBe(true)
    expect(isBlankMessage(undefined)).toBe(true)
    expect(isBlankMessage(' \n\t ')).toBe(true)
    expect(isBlankMessage('Hello')).toBe(false)
  })

  it('is announced with the interest type and the member name', () => {
    expect(interestSentDescription('coffee_date', 'Hannah', false)).toBe('Your Coffee Date interest has been sent to Hannah.')
    expect(interestSentDescription('potluck', 'Eli', true)).toBe(
      "Your Church Potluck interest has been sent to Eli. You like each other: it's a match!",
    )
  })
})
