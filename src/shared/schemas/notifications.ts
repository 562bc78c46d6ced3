import { z } from 'zod'
import type { InterestType, TimePreference } from '#shared/content/interest-types.ts'
import type { InterestAbout } from './interests.ts'

const notificationId = z.string().min(1).max(64)

/** One page of the notification centre: `cursor` is the previous page's `nextCursor`. */
export const NotificationsInput = z.object({ cursor: z.string().max(200).nullish() }).optional()
export type NotificationsInput = z.input<typeof NotificationsInput>

/** Marks these notifications read, or all of the member's when no ids are given. */
export const MarkNotificationsReadInput = z.object({ ids: z.array(notificationId).max(100).optional() }).optional()
export type MarkNotificationsReadInput = z.input<typeof MarkNotificationsReadInput>

/** The other member as a notification or the match moment shows them. */
export interface MemberGlimpse {
  id: string
  firstName: string
  photoUrl: string | null
}

interface InterestGlimpse {
  id: string
  interestType: InterestType
  message: string
  suggestedActivity: string | null
  timePreference: TimePreference | null
  /** What on the receiver's profile the note answers, for a like with a note. */
  about: InterestAbout | null
}

interface EventGlimpse {
  id: string
  title: string
  startsAt: Date
  kind: 'community' | 'sabbath'
}

interface NotificationBase {
  id: string
  createdAt: Date
  readAt: Date | null
  actor: MemberGlimpse | null
}

/**
 * A notification as the centre lists it and the sockets deliver it; names and photos are read when
 * shown, and a notification whose subject is gone (an interest, an event) is not shown at all.
 */
export type NotificationView = NotificationBase &
  (
    | { type: 'like_received' }
    | { type: 'interest_received'; interest: InterestGlimpse }
    | { type: 'match'; matchId: string; conversationId: string }
    | { type: 'event_rsvp'; event: { id: string; title: string }; rsvpStatus: string }
    | { type: 'event_cancelled' | 'reminder'; event: EventGlimpse }
    | { type: 'verification_decision'; verification: { type: string; status: string } }
    | { type: 'achievement_earned'; achievement: { id: string; name: string } }
    | { type: 'report_outcome'; report: { status: string } }
    | { type: 'moderation_warning'; reason: string }
    | { type: 'vouch_decision'; decision: 'confirmed' | 'declined' | 'revoked' }
  )
