import { render, toPlainText } from '@react-email/render'
import type { MailContext, MailTemplate } from './compose.ts'
import { type ConfirmEmailChangeProps, confirmEmailChange } from './confirm-email-change.tsx'
import { type EmailChangeNoticeProps, emailChangeNotice } from './email-change-notice.tsx'
import { type ResetPasswordProps, resetPassword } from './reset-password.tsx'
import { type VerifyEmailProps, verifyEmail } from './verify-email.tsx'

/** Every email the product sends, by name, with its props. A new email: a template file, then one line here and one below. */
export interface MailTemplateProps {
  'verify-email': VerifyEmailProps
  'reset-password': ResetPasswordProps
  'confirm-email-change': ConfirmEmailChangeProps
  'email-change-notice': EmailChangeNoticeProps
}

export type MailTemplateName = keyof MailTemplateProps

/** The `mail` job's payload: who gets which email with which props. Rendering waits for the runner. */
export type MailJob = { [T in MailTemplateName]: { to: string; template: T; props: MailTemplateProps[T] } }[MailTemplateName]

const templates: { [T in MailTemplateName]: MailTemplate<MailTemplateProps[T]> } = {
  'verify-email': verifyEmail,
  'reset-password': resetPassword,
  'confirm-email-change': confirmEmailChange,
  'email-change-notice': emailChangeNotice,
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
