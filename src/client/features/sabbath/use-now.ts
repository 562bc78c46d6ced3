import { useEffect, useState } from 'react'

export const MINUTE_MS = 60_000

/** The member's own clock, re-read every `intervalMs` so what depends on the time turns without a reload. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
