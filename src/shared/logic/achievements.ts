/** Levels by total points, lowest first; a member below the first threshold is a Newcomer. */
const achievementLevels = [
  { name: 'Newcomer', minPoints: 0 },
  { name: 'Seeker', minPoints: 50 },
  { name: 'Believer', minPoints: 150 },
  { name: 'Disciple', minPoints: 300 },
  { name: 'Faithful Servant', minPoints: 600 },
  { name: 'Covenant Keeper', minPoints: 1000 },
] as const

export const DEFAULT_LEVEL = 'Newcomer'

export interface LevelStanding {
  level: string
  /** The next level's name and the points it starts at; null at the top. */
  nextLevel: { name: string; minPoints: number } | null
}

export function levelFor(totalPoints: number): LevelStanding {
  let index = 0
  for (let i = 0; i < achievementLevels.length; i++) {
    if (totalPoints >= achievementLevels[i]!.minPoints) index = i
  }
  const next = achievementLevels[index + 1]
  return { level: achievementLevels[index]?.name ?? DEFAULT_LEVEL, nextLevel: next ? { name: next.name, minPoints: next.minPoints } : null }
}

/** The spec's progress: achieved / (achieved + available) as a percent with one decimal; 0 when nothing exists. */
export function progressPercent(achieved: number, available: number): number {
  const total = achieved + available
  if (total <= 0) return 0
  return Math.round((achieved / total) * 1000) / 10
}

/** How far a member is towards one achievement's target, as a whole percent (0-100). */
export function towards(current: number, target: number): number {
  if (target <= 0) return 100
  return Math.max(0, Math.min(100, Math.floor((current / target) * 100)))
}
