import { useSyncExternalStore } from 'react'

/** The other member of a new match, as the match dialog shows them. */
export interface MatchMoment {
  matchId: string
  conversationId: string | null
  member: { id: string; firstName: string; photoUrl: string | null }
}

let current: MatchMoment | null = null
const shown = new Set<string>()
const listeners = new Set<() => void>()

function set(next: MatchMoment | null) {
  current = next
  for (const listener of listeners) listener()
}

/**
 * Opens the match dialog, from wherever the match was made or heard of: a like pressed on Discover,
 * a profile or Likes You, the live feed, or an unread match notification at the next visit. One match
 * at a time: a second one arriving while the first is open takes its place.
 */
export function showMatch(moment: MatchMoment) {
  if (shown.has(moment.matchId)) return
  shown.add(moment.matchId)
  set(moment)
}

/** Whether this page has already celebrated a match (a like's answer, then its notification, name the same one). */
export function wasShown(matchId: string): boolean {
  return shown.has(matchId)
}

export function closeMatch() {
  set(null)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useMatchMoment(): MatchMoment | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  )
}
