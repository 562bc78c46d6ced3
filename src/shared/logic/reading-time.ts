/** An unhurried adult reads about 200 words a minute; a guide is at least a one-minute read. */
const WORDS_PER_MINUTE = 200

export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE))
}

/** '6 min read' */
export function readTimeLabel(minutes: number): string {
  return `${minutes} min read`
}
