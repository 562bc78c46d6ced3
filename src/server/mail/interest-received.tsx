import { SCAM_SAFETY_ADVICE } from '#shared/logic/scam-guard.ts'
import type { MailTemplate } from './compose.ts'
import { siteLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

export interface InterestReceivedProps {
  firstName?: string
  /** Null on a plan without Likes You: the email says someone, not who. */
  senderName: string | null
  /** 'Coffee Date', 'Study Partner'… */
  interestLabel: string
  message: string | null
  /** What the scam guard found in the message, when it found something: said beside the quote. */
  safetyNote: string | null
}

/** A Thoughtful Interest arrived while the member was away: the sender's own words, quoted. */
export const interestReceived: MailTemplate<InterestReceivedProps> = (props, context) => {
  const link = siteLink(context, '/likes')
  const sender = props.senderName ?? 'Someone'
  return {
    subject: `${sender} sent you a Thoughtful Interest`,
    links: [link],
    element: (
      <MailLayout
        preview={`${sender} would like to get to know you: ${props.interestLabel}.`}
        heading={`${sender} would like to get to know you`}
        action={{ label: 'See their interest', href: link }}
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        {props.message === null ? (
          <Paragraph>
            A member sent you a Thoughtful Interest ({props.interestLabel}). Premium members see who it is and read their message on Likes
            You.
          </Paragraph>
        ) : (
          <>
            <Paragraph>
              {sender} sent you a Thoughtful Interest ({props.interestLabel}) with a few words of their own:
            </Paragraph>
            <Paragraph>“{props.message}”</Paragraph>
            {props.safetyNote && (
              <Paragraph>
                <strong>Be careful:</strong> {props.safetyNote} {SCAM_SAFETY_ADVICE}
              </Paragraph>
            )}
            <Paragraph>Like them back and you match, and their message opens your conversation.</Paragraph>
          </>
        )}
      </MailLayout>
    ),
  }
}
