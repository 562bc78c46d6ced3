import type { LinkProps } from '@tanstack/react-router'
import type { RouterOutputs } from '#client/lib/trpc.ts'
import { interestTypeLabel, timePreferences } from '#shared/content/interest-types.ts'
import type { InterestAbout } from '#shared/schemas/interests.ts'

export type NotificationView = RouterOutputs['notifications']['list']['notifications'][number]

/** Where a notification's link goes: the place to act on it. */
export interface NotificationTarget {
  to: NonNullable<LinkProps['to']>
  search?: { conversation?: string }
}

const verificationNames: Record<string, string> = { faith: 'faith', income: 'income', education: 'education' }

const eventDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

function who(notification: NotificationView): string {
  return notification.actor?.firstName ?? 'Someone'
}

function verificationSentence(type: string, status: string): string {
  const name = verificationNames[type] ?? type
  switch (status) {
    case 'verified':
      return `Your ${name} verification has been approved.`
    case 'rejected':
      return `Your ${name} verification was not approved. You can look at the reasons and submit again.`
    case 'bypass_paid':
      return `Your ${name} verification bypass is active.`
    default:
      return `Your ${name} verification is being reviewed.`
  }
}

function likedWithNote(about: InterestAbout | null): string {
  if (about?.kind === 'prompt') return `liked your answer to “${about.prompt}”.`
  if (about?.kind === 'photo') return 'liked your photo.'
  return 'likes you and left a note.'
}

/** One sentence per kind, in the product's voice: warm, plain, never pushy. */
export function notificationSentence(notification: NotificationView): string {
  switch (notification.type) {
    case 'like_received':
      return `${who(notification)} likes you.`
    case 'interest_received':
      return notification.interest.interestType === 'general'
        ? `${who(notification)} ${likedWithNote(notification.interest.about)}`
        : `${who(notification)} sent you a Thoughtful Interest: ${interestTypeLabel(notification.interest.interestType)}.`
    case 'match':
      return `You and ${who(notification)} like each other. It's a match!`
    case 'event_rsvp':
      return notification.rsvpStatus === 'attending'
        ? `${who(notification)} is attending ${notification.event.title}.`
        : `${who(notification)} is interested in ${notification.event.title}.`
    case 'event_cancelled':
      return `${notification.event.title} on ${eventDay.format(notification.event.startsAt)} has been cancelled.`
    case 'reminder':
      return `A reminder: ${notification.event.title} begins ${eventDay.format(notification.event.startsAt)}.`
    case 'verification_decision':
      return verificationSentence(notification.verification.type, notification.verification.status)
    case 'achievement_earned':
      return `You earned the ${notification.achievement.name} badge. Well done!`
    case 'report_outcome':
      return notification.report.status === 'dismissed'
        ? 'We looked into your report and found nothing against our guidelines. Thank you for telling us.'
        : 'We acted on your report. Thank you for helping keep our community safe.'
    case 'moderation_warning':
      return `A moderator has warned you: ${notification.reason} Please read our safety and community guidelines.`
    case 'vouch_decision':
      return vouchSentence[notification.decision]
  }
}

const vouchSentence = {
  confirmed: 'Your pastor confirmed your faith. Your profile now shows “Vouched by their church”.',
  declined: 'Your pastor was not able to confirm your faith this time. Your faith verification itself is unchanged.',
  revoked:
    'Your pastor withdrew their confirmation, so your profile no longer shows “Vouched by their church”. Your faith verification itself is unchanged.',
} as const

/** The place to act: a reminder of a Sabbath gathering goes to the Sabbath corner, a report has nowhere to go. */
export function notificationTarget(notification: NotificationView): NotificationTarget | null {
  switch (notification.type) {
    case 'like_received':
    case 'interest_received':
      return { to: '/likes' }
    case 'match':
      return { to: '/messaging', search: { conversation: notification.conversationId ?? undefined } }
    case 'event_rsvp':
      return { to: '/events' }
    case 'event_cancelled':
    case 'reminder':
      return { to: notification.event.kind === 'sabbath' ? '/sabbath' : '/events' }
    case 'verification_decision':
      return { to: '/verification' }
    case 'achievement_earned':
      return { to: '/achievements' }
    case 'report_outcome':
      return null
    case 'moderation_warning':
      return { to: '/safety' }
    case 'vouch_decision':
      return { to: '/verification' }
  }
}

export function timePreferenceLabel(value: string | null): string | null {
  return timePreferences.find((option) => option.value === value)?.label ?? null
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })
const olderDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; after a month, the date. */
export function relativeTime(at: Date, now = Date.now()): string {
  const elapsed = now - at.getTime()
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour')
  if (elapsed < 30 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day')
  return olderDate.format(at)
}
