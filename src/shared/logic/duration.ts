/** '45 minutes', '1 hour', '1.5 hours', '2 hours 20 minutes': how an event's length reads on its card. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return plural(minutes, 'minute')
  if (rest === 0) return plural(hours, 'hour')
  if (rest === 30) return `${hours}.5 hours`
  return `${plural(hours, 'hour')} ${plural(rest, 'minute')}`
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}
