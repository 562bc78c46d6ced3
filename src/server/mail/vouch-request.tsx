import { Text } from '@react-email/components'
import { VOUCH_LINK_DAYS, vouchStatement } from '#shared/content/vouch.ts'
import { mailColors, mailFonts } from './brand.ts'
import type { MailTemplate } from './compose.ts'
import { tokenLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

export interface VouchRequestProps {
  token: string
  pastorName: string
  memberName: string
  churchName: string
}

const quote = {
  fontFamily: mailFonts.heading,
  fontSize: '17px',
  lineHeight: '1.6',
  color: mailColors.text,
  borderLeft: `3px solid ${mailColors.brand}`,
  padding: '4px 0 4px 16px',
  margin: '0 0 16px',
}

/** To the pastor or elder a member named: one link to confirm or decline, no account needed. */
export const vouchRequest: MailTemplate<VouchRequestProps> = (props, context) => {
  const link = tokenLink(context, '/vouch', props.token)
  return {
    subject: `${props.memberName} asks you to vouch for them on Covenant`,
    links: [link],
    element: (
      <MailLayout
        preview={`${props.memberName} named you as their pastor or elder at ${props.churchName}.`}
        heading={`Would you vouch for ${props.memberName}?`}
        action={{ label: 'Confirm or decline', href: link }}
        footnote={`If you do not know ${props.memberName}, or would rather not answer, you can ignore this email: nothing is shown on their profile without your confirmation. If you confirm, the same link lets you revoke it later.`}
      >
        <Paragraph>{greeting(props.pastorName)}</Paragraph>
        <Paragraph>
          {props.memberName} uses Covenant, a community for marriage-minded Christian singles, and named you as their pastor or elder at{' '}
          {props.churchName}. They ask you to confirm this statement:
        </Paragraph>
        <Text style={quote}>“{vouchStatement(props.memberName, props.churchName)}”</Text>
        <Paragraph>
          If you confirm, their profile shows “Vouched by their church”. You do not need an account. The link works for {VOUCH_LINK_DAYS}{' '}
          days.
        </Paragraph>
      </MailLayout>
    ),
  }
}
