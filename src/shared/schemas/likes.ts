import { z } from 'zod'
import { memberId } from './members.ts'

/** `receiverId` is the liked member's user id. */
export const LikeInput = z.object({ receiverId: memberId })
export type LikeInput = z.input<typeof LikeInput>

/** Likes You: set a member aside without telling them. */
export const PassInput = z.object({ userId: memberId })
export type PassInput = z.input<typeof PassInput>
