import type { MailTemplate } from './compose.ts'
import { siteLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

export interface EmailChangeNoticeProps {
  /** The address the change would move the account to. */
  newEmail: string
  firstName?: string
}

/** Sent to the old address when a change is asked for, so a member whose account was taken notices in time. */
export const emailChangeNotice: MailTemplate<EmailChangeNoticeProps> = (props, context) => {
  const link = siteLink(context, '/forgot-password')
  return {
    subject: 'Your Covenant email is about to change',
    links: [link],
    element: (
      <MailLayout
        preview={`A change of your account's email to ${props.newEmail} was requested.`}
        heading="A change of email was requested"
        action={{ label: 'This was not me: reset my password', href: link }}
        footnote="If you made this change, there is nothing to do: it takes effect once the new address is confirmed."
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          Someone signed in to your Covenant account asked to change its email to {props.newEmail}. This address keeps working until the new
          one is confirmed.
        </Paragraph>
        <Paragraph>If that was not you, reset your password now: it signs everyone else out of your account.</Paragraph>
      </MailLayout>
    ),
  }
}
