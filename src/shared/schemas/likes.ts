import { z } from 'zod'
import { INTEREST_MESSAGE_MAX_LENGTH } from '#shared/content/interest-types.ts'
import { memberId } from './members.ts'
import { promptId } from './prompts.ts'
import { multiLineText } from './text.ts'

export const LIKE_NOTE_TOO_LONG = `Please keep your note under ${INTEREST_MESSAGE_MAX_LENGTH} characters`

/** What on the other member's profile a like answers: one of their prompts or one of their photos. */
export const LikeAbout = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('prompt'), promptId }),
    z.object({ kind: z.literal('photo'), photoId: z.string('Please choose a photo').min(1).max(64) }),
  ],
  'Please choose a prompt or a photo',
)
export type LikeAbout = z.infer<typeof LikeAbout>

/**
 * `receiverId` is the liked member's user id. A note (blank means none) makes the like arrive as an
 * interest; `about` is what the note answers and only travels with a note.
 */
export const LikeInput = z.object({
  receiverId: memberId,
  note: multiLineText(INTEREST_MESSAGE_MAX_LENGTH, LIKE_NOTE_TOO_LONG)
    .nullish()
    .transform((note) => note || undefined),
  about: LikeAbout.nullish().transform((about) => about ?? undefined),
  /** The sender saw the scam guard's question about the note and chose to send anyway. */
  confirmed: z.boolean().optional(),
})
export type LikeInput = z.input<typeof LikeInput>

/** A pass, from Discover or Likes You: set a member aside without telling them. */
export const PassInput = z.object({ userId: memberId })
export type PassInput = z.input<typeof PassInput>
