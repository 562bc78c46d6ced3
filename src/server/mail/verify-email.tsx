import type { MailTemplate } from './compose.ts'
import { tokenLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

/** How long a verification link works; the token's expiry must say the same. */
export const VERIFY_LINK_HOURS = 48

export interface VerifyEmailProps {
  token: string
  firstName?: string
}

/** Sent at registration and on "resend": confirms the member owns the address. */
export const verifyEmail: MailTemplate<VerifyEmailProps> = (props, context) => {
  const link = tokenLink(context, '/verify-email', props.token)
  return {
    subject: 'Please confirm your email for Covenant',
    links: [link],
    element: (
      <MailLayout
        preview="One tap to confirm your address and keep your account safe."
        heading="Welcome to Covenant"
        action={{ label: 'Confirm my email', href: link }}
        footnote={`This link works for ${VERIFY_LINK_HOURS} hours. If you did not create a Covenant account, you can ignore this email.`}
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          We are glad you are here. Please confirm this is your email address, so your account stays yours and you can always get back into
          it.
        </Paragraph>
      </MailLayout>
    ),
  }
}
