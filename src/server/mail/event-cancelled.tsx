import type { MailTemplate } from './compose.ts'
import { siteLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

export interface EventCancelledProps {
  firstName?: string
  title: string
  when: string
}

/** An event the member was attending will not take place. */
export const eventCancelled: MailTemplate<EventCancelledProps> = (props, context) => {
  const link = siteLink(context, '/events')
  return {
    subject: `Cancelled: ${props.title}`,
    links: [link],
    element: (
      <MailLayout
        preview={`${props.title}, ${props.when}, will not take place.`}
        heading="This event has been cancelled"
        action={{ label: 'Find another event', href: link }}
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          We are sorry: {props.title}, planned for {props.when}, has been cancelled by its organizer. There are other gatherings coming up
          near you.
        </Paragraph>
      </MailLayout>
    ),
  }
}
