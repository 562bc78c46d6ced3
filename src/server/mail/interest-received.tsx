import type { MailTemplate } from './compose.ts'
import { siteLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

export interface InterestReceivedProps {
  firstName?: string
  senderName: string
  /** 'Coffee Date', 'Study Partner'… */
  interestLabel: string
  message: string
}

/** A Thoughtful Interest arrived while the member was away: the sender's own words, quoted. */
export const interestReceived: MailTemplate<InterestReceivedProps> = (props, context) => {
  const link = siteLink(context, '/likes')
  return {
    subject: `${props.senderName} sent you a Thoughtful Interest`,
    links: [link],
    element: (
      <MailLayout
        preview={`${props.senderName} would like to get to know you: ${props.interestLabel}.`}
        heading={`${props.senderName} would like to get to know you`}
        action={{ label: 'See their interest', href: link }}
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          {props.senderName} sent you a Thoughtful Interest ({props.interestLabel}) with a few words of their own:
        </Paragraph>
        <Paragraph>“{props.message}”</Paragraph>
        <Paragraph>Like them back and you match, and their message opens your conversation.</Paragraph>
      </MailLayout>
    ),
  }
}
