import { z } from 'zod'
import { instantAt, isValidTimeZone } from '#shared/logic/time-zones.ts'
import { eventFilters, eventTypes } from './event-options.ts'
import { denominationValues } from './profile-options.ts'
import { multiLineText, singleLineText } from './text.ts'

export { type EventFilter, type EventType, eventFilters, eventTypes } from './event-options.ts'

export const rsvpStatuses = ['interested', 'attending'] as const
export type RsvpStatus = (typeof rsvpStatuses)[number]

export const MIN_EVENT_CAPACITY = 2
export const MAX_EVENT_CAPACITY = 500

const recordId = z.string().min(1).max(64)
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** A wall-clock `YYYY-MM-DDTHH:mm` (what `<input type="datetime-local">` gives) read in `timeZone`. */
export function localDateTimeToInstant(local: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local)
  if (!match || !isValidTimeZone(timeZone)) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null
  return instantAt(timeZone, year, month, day, hour, minute)
}

const localDateTime = z.string().regex(LOCAL_DATE_TIME, 'Please choose a date and time')
const required = (max: number, message: string) => singleLineText(max).refine((value) => value.length > 0, message)

export const EventsListInput = z.object({ type: z.enum(eventFilters, 'Please choose an event type').default('all') })
export type EventsListInput = z.input<typeof EventsListInput>

const eventFields = z.object({
  title: singleLineText(100, 'Please keep the title under 100 characters').refine(
    (value) => value.length >= 3,
    'Please give your event a title of at least 3 characters',
  ),
  description: multiLineText(2000, 'Please keep the description under 2000 characters').default(''),
  eventType: z.enum(eventTypes, 'Please choose the kind of event'),
  churchName: required(120, 'Please enter the church or ministry hosting the event'),
  location: required(200, 'Please enter where the event takes place'),
  city: required(80, 'Please enter the city'),
  state: required(80, 'Please enter the state or region'),
  startDateTime: localDateTime,
  endDateTime: localDateTime,
  /** The member's IANA zone: the two date-times above are read as wall-clock times there. */
  timeZone: z.string().max(64).refine(isValidTimeZone, 'Please choose a valid time zone'),
  maxAttendees: z.coerce
    .number<string | number>('Please enter how many people can come')
    .int('Please enter a whole number')
    .min(MIN_EVENT_CAPACITY, `Please allow at least ${MIN_EVENT_CAPACITY} attendees`)
    .max(MAX_EVENT_CAPACITY, `Events can hold at most ${MAX_EVENT_CAPACITY} attendees`),
  isSabbathEvent: z.boolean().default(false),
  denominationSpecific: z.enum(denominationValues, 'Please choose a denomination').nullable().default(null),
  /** Seen and joined only by the income-verified circle (Millionaire's Faith and up). */
  circleOnly: z.boolean('Please choose whether the event is for the circle only').default(false),
})

const MAX_EVENT_DAYS = 14
type EventTimes = { startDateTime: string; endDateTime: string; timeZone: string }

/**
 * End after the start, no longer than two weeks (a retreat, not a season), and still ahead: a new
 * event starts in the future; an edited one only has to end in it, so an event under way (a
 * retreat's second day) can still be edited.
 */
function checkTimes(ahead: 'start' | 'end') {
  return (value: EventTimes, ctx: z.RefinementCtx) => {
    const start = localDateTimeToInstant(value.startDateTime, value.timeZone)
    const end = localDateTimeToInstant(value.endDateTime, value.timeZone)
    if (!start) return ctx.addIssue({ code: 'custom', path: ['startDateTime'], message: 'Please choose a date and time' })
    if (!end) return ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'Please choose a date and time' })
    if (ahead === 'start' && start.getTime() <= Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['startDateTime'], message: 'Please choose a start time in the future' })
    }
    if (ahead === 'end' && end.getTime() <= Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'Please choose an end time in the future' })
    }
    checkLength(start, end, ctx)
  }
}

function checkLength(start: Date, end: Date, ctx: z.RefinementCtx) {
  if (end.getTime() <= start.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'The event must end after it starts' })
  } else if (end.getTime() - start.getTime() > MAX_EVENT_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: `Events can last at most ${MAX_EVENT_DAYS} days` })
  }
}

export const CreateEventInput = eventFields.strict().superRefine(checkTimes('start'))
export type CreateEventInput = z.input<typeof CreateEventInput>

/** An edit is the whole event: a field left out is refused, never taken as its default, which would wipe what was set. */
const editedFields = eventFields.extend({
  description: z.string('Please include the description, even if it is empty').pipe(eventFields.shape.description.unwrap()),
  isSabbathEvent: z.boolean('Please say whether this is a Sabbath event'),
  denominationSpecific: eventFields.shape.denominationSpecific.unwrap(),
  circleOnly: eventFields.shape.circleOnly.unwrap(),
})

/** The organizer's edit form: the event as it will be saved. */
export const EditedEventInput = editedFields.strict().superRefine(checkTimes('end'))

export const UpdateEventInput = editedFields.extend({ eventId: recordId }).strict().superRefine(checkTimes('end'))
export type UpdateEventInput = z.input<typeof UpdateEventInput>

export const EventIdInput = z.object({ eventId: recordId })

export const RsvpInput = z.object({ eventId: recordId, status: z.enum(rsvpStatuses, 'Please choose interested or attending') })
export type RsvpInput = z.input<typeof RsvpInput>
