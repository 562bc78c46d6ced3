import type { MailTemplate } from './compose.ts'
import { siteLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

export interface VouchDeclinedProps {
  firstName?: string
}

/** The member's pastor did not confirm: told gently, with the verification itself unchanged. */
export const vouchDeclined: MailTemplate<VouchDeclinedProps> = (props, context) => {
  const link = siteLink(context, '/verification')
  return {
    subject: 'About your request to your pastor',
    links: [link],
    element: (
      <MailLayout
        preview="Your pastor was not able to vouch for you this time."
        heading="Your pastor was not able to vouch this time"
        action={{ label: 'Open your verification', href: link }}
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          The pastor or elder you named answered your request, and was not able to confirm it this time. This can happen for many reasons:
          perhaps they do not know you well yet, or prefer not to vouch for anyone online. Your faith verification itself is unchanged.
        </Paragraph>
        <Paragraph>
          If something was mistaken, a conversation in person often helps. You can also ask again later from your verification page.
        </Paragraph>
      </MailLayout>
    ),
  }
}
