import { render, toPlainText } from '@react-email/render'
import type { EmailCategory } from '#shared/schemas/account.ts'
import type { MailContext, MailTemplate } from './compose.ts'
import { type ConfirmEmailChangeProps, confirmEmailChange } from './confirm-email-change.tsx'
import { type EmailChangeNoticeProps, emailChangeNotice } from './email-change-notice.tsx'
import { type EventCancelledProps, eventCancelled } from './event-cancelled.tsx'
import { type EventReminderProps, eventReminder } from './event-reminder.tsx'
import { type InterestReceivedProps, interestReceived } from './interest-received.tsx'
import { type MessageDigestProps, messageDigest } from './message-digest.tsx'
import { type NewMatchProps, newMatch } from './new-match.tsx'
import { type ResetPasswordProps, resetPassword } from './reset-password.tsx'
import { type SabbathReminderProps, sabbathReminder } from './sabbath-reminder.tsx'
import { type VerifyEmailProps, verifyEmail } from './verify-email.tsx'
import { type VouchDeclinedProps, vouchDeclined } from './vouch-declined.tsx'
import { type VouchRequestProps, vouchRequest } from './vouch-request.tsx'

/** Every email the product sends, by name, with its props. A new email: a template file, then one line here and one below. */
export interface MailTemplateProps {
  'verify-email': VerifyEmailProps
  'reset-password': ResetPasswordProps
  'confirm-email-change': ConfirmEmailChangeProps
  'email-change-notice': EmailChangeNoticeProps
  'new-match': NewMatchProps
  'interest-received': InterestReceivedProps
  'message-digest': MessageDigestProps
  'sabbath-reminder': SabbathReminderProps
  'event-reminder': EventReminderProps
  'event-cancelled': EventCancelledProps
  'vouch-request': VouchRequestProps
  'vouch-declined': VouchDeclinedProps
}

export type MailTemplateName = keyof MailTemplateProps

/** The `mail` job's payload: who gets which email with which props. Rendering waits for the runner. */
export type MailJob = {
  [T in MailTemplateName]: {
    to: string
    template: T
    props: MailTemplateProps[T]
    /** An email the member may stop: the runner signs its unsubscribe link and List-Unsubscribe headers. */
    unsubscribe?: { userId: string; category: EmailCategory }
  }
}[MailTemplateName]

const templates: { [T in MailTemplateName]: MailTemplate<MailTemplateProps[T]> } = {
  'verify-email': verifyEmail,
  'reset-password': resetPassword,
  'confirm-email-change': confirmEmailChange,
  'email-change-notice': emailChangeNotice,
  'new-match': newMatch,
  'interest-received': interestReceived,
  'message-digest': messageDigest,
  'sabbath-reminder': sabbathReminder,
  'event-reminder': eventReminder,
  'event-cancelled': eventCancelled,
  'vouch-request': vouchRequest,
  'vouch-declined': vouchDeclined,
}

/** Headings keep their case in the text part: shouting is not our voice. */
const TEXT_OPTIONS = { selectors: [{ selector: 'h1', options: { uppercase: false } }] }

export interface RenderedMail {
  subject: string
  html: string
  text: string
  links: string[]
}

/** HTML for mail clients and a text part for everyone else, from one React template. */
export async function renderMail<T extends MailTemplateName>(
  template: T,
  props: MailTemplateProps[T],
  context: MailContext,
): Promise<RenderedMail> {
  const compose = templates[template] as MailTemplate<MailTemplateProps[T]> | undefined
  if (!compose) throw new Error(`Unknown mail template: ${template}`)
  const content = compose(props, context)
  const html = await render(content.element)
  return { subject: content.subject, html, text: toPlainText(html, TEXT_OPTIONS), links: content.links }
}
