import { type InterestType, interestTypeLabel } from '#shared/content/interest-types.ts'

/** Choosing a conversation starter fills the message with it, followed by a blank line to write on from. */
export function messageFromPrompt(prompt: string): string {
  return `${prompt}\n\n`
}

/** The send button waits for words: whitespace alone is no message. */
export function isBlankMessage(message: string | null | undefined): boolean {
  return !message || message.trim().length === 0
}

/** The success toast's description names the kind of interest and the member; a mutual one says so. */
export function interestSentDescription(type: InterestType, firstName: string, isMutual: boolean): string {
  const sent = `Your ${interestTypeLabel(type)} interest has been sent to ${firstName}.`
  return isMutual ? `${sent} You like each other: it's a match!` : sent
}
