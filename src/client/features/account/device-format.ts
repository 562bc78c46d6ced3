// Enough of a user agent to tell one's own devices apart ("Chrome on Windows", "Safari on iPhone");
// the tests are ordered because every Chromium browser also says Chrome and Safari, and Chrome says Safari.
const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
]

const systems: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
]

function firstMatch(userAgent: string, patterns: [RegExp, string][]): string | undefined {
  return patterns.find(([pattern]) => pattern.test(userAgent))?.[1]
}

export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const browser = firstMatch(userAgent, browsers)
  const system = firstMatch(userAgent, systems)
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? 'Unknown device'
}

export function isPhone(userAgent: string | null): boolean {
  return Boolean(userAgent && /Mobile|iPhone|Android/.test(userAgent) && !/iPad/.test(userAgent))
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** "just now", "5 minutes ago", "yesterday", then "Mar 3, 2025" beyond a week. */
export function whenAgo(at: Date, now = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - at.getTime())
  if (elapsed < MINUTE_MS) return 'just now'
  if (elapsed < HOUR_MS) return relative.format(-Math.floor(elapsed / MINUTE_MS), 'minute')
  if (elapsed < DAY_MS) return relative.format(-Math.floor(elapsed / HOUR_MS), 'hour')
  if (elapsed < 7 * DAY_MS) return relative.format(-Math.floor(elapsed / DAY_MS), 'day')
  return shortDate.format(at)
}
