/** Cuts to `max` characters (whole code points, so emoji survive) and adds an ellipsis when it cut. */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text)
  if (characters.length <= max) return text
  return `${characters.slice(0, max).join('').trimEnd()}…`
}

/** 'Grace', 'Hope' → 'GH'; used by the generated avatars. */
export function initials(firstName: string, lastName?: string): string {
  return [firstName, lastName ?? '']
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('')
    .toUpperCase()
}
