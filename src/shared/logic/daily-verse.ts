import { type DailyVerse, dailyVerses } from '#shared/content/daily-verses.ts'

const MS_PER_DAY = 86_400_000

/** Day of the year on the local calendar, 1 for January 1st. */
export function dayOfYear(date: Date): number {
  // Compared as UTC midnights so a daylight-saving shift cannot lose or add an hour.
  const today = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())
  const newYear = Date.UTC(date.getFullYear(), 0, 1)
  return (today - newYear) / MS_PER_DAY + 1
}

export function verseOfDay(date: Date): { index: number; verse: DailyVerse } {
  const index = dayOfYear(date) % dailyVerses.length
  // The index is in range by construction; the assertion only satisfies noUncheckedIndexedAccess.
  return { index, verse: dailyVerses[index]! }
}

/** A uniformly chosen verse index other than `currentIndex`; `random` returns [0, 1) like Math.random. */
export function pickDifferentVerse(currentIndex: number, random: () => number): number {
  const pick = Math.floor(random() * (dailyVerses.length - 1))
  return pick >= currentIndex ? pick + 1 : pick
}
