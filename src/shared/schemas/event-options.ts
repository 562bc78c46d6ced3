// Apart from events.ts so that the events route's search parser takes the list without zod.
export const eventTypes = ['potluck', 'service', 'study', 'retreat', 'social'] as const
export type EventType = (typeof eventTypes)[number]

/** The screen's filter buttons: every type, plus Sabbath gatherings of any type. */
export const eventFilters = ['all', ...eventTypes, 'sabbath'] as const
export type EventFilter = (typeof eventFilters)[number]
