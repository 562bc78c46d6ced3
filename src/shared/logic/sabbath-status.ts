const FRIDAY = 5
const SATURDAY = 6
const SUNSET_HOUR = 18
const APPROACHING_HOUR = 16

export type SabbathStatus =
  | { kind: 'current' | 'approaching' | 'ending'; message: string }
  | { kind: 'waiting'; message: string; daysUntil: number }

/** Sabbath runs Friday 18:00 to Saturday 18:00 on the member's local clock. */
export function sabbathStatus(localDate: Date): SabbathStatus {
  const day = localDate.getDay()
  const hour = localDate.getHours()

  if ((day === FRIDAY && hour >= SUNSET_HOUR) || (day === SATURDAY && hour < SUNSET_HOUR)) {
    return { kind: 'current', message: 'Sabbath is now - Rest in His peace' }
  }
  if (day === FRIDAY && hour >= APPROACHING_HOUR) {
    return { kind: 'approaching', message: 'Sabbath approaches - Prepare your heart' }
  }
  if (day === SATURDAY) {
    return { kind: 'ending', message: 'Sabbath concludes - Carry His peace forward' }
  }

  const daysUntil = (FRIDAY - day + 7) % 7
  return { kind: 'waiting', message: waitingMessage(daysUntil), daysUntil }
}

function waitingMessage(daysUntil: number): string {
  if (daysUntil === 0) return 'Sabbath begins tonight'
  if (daysUntil === 1) return '1 day until Sabbath'
  return `${daysUntil} days until Sabbath`
}
