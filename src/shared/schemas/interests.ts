import { z } from 'zod'
import {
  hasActivity,
  INTEREST_MESSAGE_MAX_LENGTH,
  interestTypeValues,
  SUGGESTED_ACTIVITY_MAX_LENGTH,
  timePreferenceValues,
} from '#shared/content/interest-types.ts'
import { memberId } from './members.ts'
import { multiLineText } from './text.ts'

export const MESSAGE_REQUIRED = 'Please write a personal message to send with your interest.'

/**
 * A Thoughtful Interest. The message is required after trimming; a suggested activity and a time
 * preference only mean something for a coffee date or a potluck and are dropped for the other types.
 */
export const SendInterestInput = z
  .object({
    receiverId: memberId,
    interestType: z.enum(interestTypeValues, 'Please choose how you would like to meet'),
    message: z
      .string(MESSAGE_REQUIRED)
      .pipe(multiLineText(INTEREST_MESSAGE_MAX_LENGTH, `Please keep your message under ${INTEREST_MESSAGE_MAX_LENGTH} characters`))
      .refine((message) => message.length > 0, MESSAGE_REQUIRED),
    suggestedActivity: multiLineText(
      SUGGESTED_ACTIVITY_MAX_LENGTH,
      `Please keep the suggested activity under ${SUGGESTED_ACTIVITY_MAX_LENGTH} characters`,
    ).nullish(),
    timePreference: z.enum(timePreferenceValues, 'Please choose a time preference').nullish(),
    /** The sender saw the scam guard's question about the message and chose to send anyway. */
    confirmed: z.boolean().optional(),
  })
  .transform(({ suggestedActivity, timePreference, ...interest }) => {
    const meeting = hasActivity(interest.interestType)
    return {
      ...interest,
      suggestedActivity: meeting && suggestedActivity ? suggestedActivity : null,
      timePreference: meeting ? (timePreference ?? null) : null,
    }
  })
export type SendInterestInput = z.input<typeof SendInterestInput>

/** What a like with a note answers on the receiver's profile (kept as it read when the like was sent). */
export type InterestAbout = { kind: 'prompt'; promptId: string; prompt: string; answer: string } | { kind: 'photo'; photoId: string }
