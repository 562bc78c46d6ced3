import type { MailTemplate } from './compose.ts'
import { tokenLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

/** How long a reset link works; the token's expiry must say the same. */
const RESET_LINK_MINUTES = 30

export interface ResetPasswordProps {
  token: string
  firstName?: string
}

/** Sent on "Forgot password?": one link, good once and for a short while. */
export const resetPassword: MailTemplate<ResetPasswordProps> = (props, context) => {
  const link = tokenLink(context, '/reset-password', props.token)
  return {
    subject: 'Reset your Covenant password',
    links: [link],
    element: (
      <MailLayout
        preview={`Choose a new password. This link expires in ${RESET_LINK_MINUTES} minutes.`}
        heading="Let's get you back in"
        action={{ label: 'Choose a new password', href: link }}
        footnote="If you did not ask for this, you can ignore this email: your password stays as it is."
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          Someone asked to reset the password of your Covenant account. If it was you, choose a new one below. The link expires in{' '}
          {RESET_LINK_MINUTES} minutes and works once.
        </Paragraph>
      </MailLayout>
    ),
  }
}
