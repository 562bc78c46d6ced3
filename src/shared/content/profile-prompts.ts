/** Hinge-style prompts a member may answer on their profile (at most three), faith-minded. */
export const profilePrompts = [
  { id: 'verse', text: 'The verse I keep coming back to…' },
  { id: 'sabbath_afternoons', text: 'Sabbath afternoons look like…' },
  { id: 'marriage_non_negotiable', text: 'A non-negotiable in marriage…' },
  { id: 'prayed_for', text: 'Something I have been praying for…' },
  { id: 'church_role', text: 'You will find me at church…' },
  { id: 'faith_moment', text: 'The moment my faith became my own…' },
  { id: 'first_date', text: 'A first date I would love…' },
  { id: 'serving', text: 'The way I love to serve others…' },
  { id: 'family_tradition', text: 'A family tradition I want to keep…' },
  { id: 'worship_song', text: 'The worship song on repeat…' },
  { id: 'hoping_for', text: 'I am hoping to find someone who…' },
  { id: 'laugh', text: 'The quickest way to make me laugh…' },
] as const
export type ProfilePromptId = (typeof profilePrompts)[number]['id']
export const profilePromptIds = profilePrompts.map((prompt) => prompt.id) as [ProfilePromptId, ...ProfilePromptId[]]
export const MAX_PROFILE_PROMPTS = 3
export const PROMPT_ANSWER_MAX_LENGTH = 300

export function promptText(id: string): string {
  return profilePrompts.find((prompt) => prompt.id === id)?.text ?? ''
}
