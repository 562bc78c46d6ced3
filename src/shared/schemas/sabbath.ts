import { z } from 'zod'
import { isValidTimeZone } from '#shared/logic/time-zones.ts'

export const sabbathEventTypes = ['Worship Service', 'Bible Study', 'Study Group', 'Fellowship'] as const
export type SabbathEventType = (typeof sabbathEventTypes)[number]

export const sabbathResourceTypes = ['Article', 'Guide', 'Activity Guide'] as const

/** The standing gatherings on the Worship and Bible Study tabs that a member can join or be reminded of. */
export const sabbathPrograms = ['vespers', 'quarter-study', 'youth-study'] as const
export type SabbathProgram = (typeof sabbathPrograms)[number]

const recordId = z.string().min(1).max(64)

/** The member's IANA zone from the browser (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
const TimeZoneName = z.string().max(64).refine(isValidTimeZone, 'Please choose a valid time zone')

export const SabbathEventsInput = z.object({ timezone: TimeZoneName.default('UTC') })
export type SabbathEventsInput = z.input<typeof SabbathEventsInput>

export const SabbathAttendanceInput = z.object({ eventId: recordId, attending: z.boolean() })
/** `timezone`: where the member reads the reminder's time; UTC when the client does not say. */
export const SabbathReminderInput = z.object({ eventId: recordId, remind: z.boolean(), timezone: TimeZoneName.optional() })
export const SabbathDownloadInput = z.object({ resourceId: recordId })
/** `timezone`: for a program that reminds (Vespers), the zone whose clock it keeps; UTC when the client does not say. */
export const SabbathProgramSignupInput = z.object({
  program: z.enum(sabbathPrograms, 'Please choose a Sabbath program'),
  signedUp: z.boolean(),
  timezone: TimeZoneName.optional(),
})
