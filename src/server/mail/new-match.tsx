import type { MailTemplate } from './compose.ts'
import { siteLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

export interface NewMatchProps {
  firstName?: string
  /** The other member's first name. */
  matchName: string
}

/** Both members liked each other while this one was away. */
export const newMatch: MailTemplate<NewMatchProps> = (props, context) => {
  const link = siteLink(context, '/messaging')
  return {
    subject: `You and ${props.matchName} matched on Covenant`,
    links: [link],
    element: (
      <MailLayout
        preview={`${props.matchName} liked you too. Say hello when you are ready.`}
        heading="It's a Match!"
        action={{ label: `Send ${props.matchName} a message`, href: link }}
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          {props.matchName} liked you too. A first message does not need to be perfect: a kind word about something in their profile is a
          fine way to begin.
        </Paragraph>
      </MailLayout>
    ),
  }
}
