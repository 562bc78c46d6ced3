import type { MailTemplate } from './compose.ts'
import { tokenLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'
import { VERIFY_LINK_HOURS } from './verify-email.tsx'

export interface ConfirmEmailChangeProps {
  token: string
  firstName?: string
  /** The page that takes the token; `/verify-email` unless the change has a page of its own. */
  path?: string
}

/** Sent to the new address of an email change: the change happens only when this link is followed. */
export const confirmEmailChange: MailTemplate<ConfirmEmailChangeProps> = (props, context) => {
  const link = tokenLink(context, props.path ?? '/verify-email', props.token)
  return {
    subject: 'Confirm your new email for Covenant',
    links: [link],
    element: (
      <MailLayout
        preview="Confirm this address and your Covenant account will use it from now on."
        heading="Confirm your new email"
        action={{ label: 'Confirm my new email', href: link }}
        footnote={`This link works for ${VERIFY_LINK_HOURS} hours. If you did not ask for this change, ignore this email and nothing will change.`}
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          You asked to use this address for your Covenant account. Confirm it and we will switch over; until then, your account keeps its
          current email.
        </Paragraph>
      </MailLayout>
    ),
  }
}
