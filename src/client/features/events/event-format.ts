import type { EventFilter, EventType, RsvpStatus } from '#shared/schemas/events.ts'

export const eventTypeLabels: Record<EventType, string> = {
  potluck: 'Potluck',
  service: 'Service',
  study: 'Study',
  retreat: 'Retreat',
  social: 'Social',
}

export const filterLabels: Record<EventFilter, string> = {
  all: 'All',
  ...eventTypeLabels,
  sabbath: 'Sabbath',
}

export const rsvpLabels: Record<RsvpStatus, string> = { interested: 'Interested', attending: 'Attending' }

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' })
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
const zoneFormat = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })

function sameDay(a: Date, b: Date) {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
}

/** "Sat, Jun 14 · 12:30 PM – 3:00 PM CDT" in the member's own zone (the browser's). */
export function formatEventTime(startIso: string, endIso: string): string {
  const start = new Date(startIso)
  const end = new Date(endIso)
  const zone = zoneFormat.formatToParts(start).find((part) => part.type === 'timeZoneName')?.value ?? ''
  const endText = sameDay(start, end) ? timeFormat.format(end) : `${dayFormat.format(end)}, ${timeFormat.format(end)}`
  return `${dayFormat.format(start)} · ${timeFormat.format(start)} – ${endText} ${zone}`.trim()
}

/** An instant as `<input type="datetime-local">` shows it in the browser's zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** The browser's IANA zone: the event form's times are read in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
