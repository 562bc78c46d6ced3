/** The browser's IANA zone; the server formats event times for it. */
export function memberTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
