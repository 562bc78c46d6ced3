const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })

/** "3:45 PM" today, "Nov 21" before. */
export function messageTime(at: Date, now = new Date()): string {
  return at.toDateString() === now.toDateString() ? clock.format(at) : day.format(at)
}

export function clockTime(at: Date): string {
  return clock.format(at)
}
